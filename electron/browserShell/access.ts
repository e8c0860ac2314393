import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may use the browser shell's /ipc and /events. Any web page the user has open can send
 * requests to 127.0.0.1, so three checks stand between it and the counter:
 * - Host must name the shell itself: a DNS-rebinding page reaches us under its own host name;
 * - Origin must be the shell's own origin: other pages' fetches and WebSockets carry theirs;
 * - the session secret, in an HttpOnly, SameSite=Strict cookie that only the browser which
 *   opened the printed address (once) was given: see server.ts's launch exchange.
 */

export type Verdict = 'ok' | 401 | 403;

export function isOwnHost(host: string | undefined, port: number): boolean {
  const name = host?.toLowerCase();
  return name === `127.0.0.1:${port}` || name === `localhost:${port}`;
}

export interface AccessAttempt {
  host: string | undefined;
  origin: string | undefined;
  secret: string | null | undefined;
}

export function checkAccess(attempt: AccessAttempt, port: number, secret: string): Verdict {
  if (!isOwnHost(attempt.host, port)) return 403;
  // The page is served under whichever of the two host names the browser used; its origin follows.
  if (attempt.origin?.toLowerCase() !== `http://${attempt.host?.toLowerCase()}`) return 403;
  if (!attempt.secret) return 401;
  return sameSecret(attempt.secret, secret) ? 'ok' : 403;
}

/** The session cookie's name: cookies are not kept apart by port, so the port is in the name. */
export const sessionCookieName = (port: number) => `counter-session-${port}`;

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Constant-time comparison; hashing first makes the lengths equal, as timingSafeEqual needs. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
