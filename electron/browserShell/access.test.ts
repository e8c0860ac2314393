import { describe, expect, it } from 'vitest';
import { checkAccess, isOwnHost, readCookie, sameSecret, sessionCookieName } from './access';

/**
 * The decisions of checkAccess one by one, beside server.test.ts's requests over a socket:
 * a page on another port of this machine (another local app) is another origin.
 */
describe('checkAccess', () => {
  const port = 41234;
  const secret = 'launch-secret';
  const own = `127.0.0.1:${port}`;

  it("lets the shell's own page in, under either host name", () => {
    expect(checkAccess({ host: own, origin: `http://${own}`, secret }, port, secret)).toBe('ok');
    expect(checkAccess({ host: `localhost:${port}`, origin: `http://localhost:${port}`, secret }, port, secret)).toBe('ok');
  });

  it('refuses a page of another port of the same host, though the host name matches', () => {
    expect(checkAccess({ host: own, origin: 'http://127.0.0.1:8080', secret }, port, secret)).toBe(403);
    expect(checkAccess({ host: own, origin: 'http://127.0.0.1', secret }, port, secret)).toBe(403);
  });

  it('refuses another scheme, a Host of another port, and a wrong or missing secret', () => {
    expect(checkAccess({ host: own, origin: `https://${own}`, secret }, port, secret)).toBe(403);
    expect(checkAccess({ host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', secret }, port, secret)).toBe(403);
    expect(checkAccess({ host: own, origin: `http://${own}`, secret: 'guess' }, port, secret)).toBe(403);
    expect(checkAccess({ host: own, origin: `http://${own}`, secret: undefined }, port, secret)).toBe(401);
  });
});

describe('the parts of the check', () => {
  const port = 41234;

  it("takes either host name in any letter case, on the shell's port only, and no Host at all as foreign", () => {
    expect([`LOCALHOST:${port}`, `127.0.0.1:${port}`].map((h) => isOwnHost(h, port))).toEqual([true, true]);
    expect([`localhost:${port + 1}`, 'localhost', `example.org:${port}`, undefined].map((h) => isOwnHost(h, port))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('compares the Origin with the Host in any letter case, and refuses a request without an Origin', () => {
    const secret = 's';
    expect(checkAccess({ host: `LocalHost:${port}`, origin: `HTTP://localhost:${port}`, secret }, port, secret)).toBe('ok');
    expect(checkAccess({ host: `localhost:${port}`, origin: undefined, secret }, port, secret)).toBe(403);
  });

  it('reads the named cookie exactly: not one whose name only contains it, nor one without a name or without a value', () => {
    const name = sessionCookieName(port);
    expect(name).toBe(`counter-session-${port}`);
    expect(readCookie(`a=1; ${name} = v=x ; b=2`, name)).toBe('v=x');
    expect(readCookie(`x${name}=1; ${name}x=2`, name)).toBeNull();
    expect(readCookie(`=${name}; ${name}`, name)).toBeNull();
    expect(readCookie(`${name}x`, name)).toBeNull();
    expect(readCookie(undefined, name)).toBeNull();
    expect(readCookie(`${name}=`, name)).toBe('');
  });

  it('tells equal secrets from different ones of any length', () => {
    expect(sameSecret('launch-secret', 'launch-secret')).toBe(true);
    expect([sameSecret('launch-secreT', 'launch-secret'), sameSecret('launch', 'launch-secret'), sameSecret('', 'x')]).toEqual([
      false,
      false,
      false,
    ]);
  });
});
