/**
 * The one Content-Security-Policy of the counter's pages, for both shells: scripts, styles and
 * connections only from the app itself; images and media also from data:/blob: URLs and the
 * camera stream (document photos). The browser shell adds its WebSocket addresses because
 * not every browser counts ws:// of the same host as 'self'.
 */
export function contentSecurityPolicy(extraConnectSources: readonly string[] = []): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['media-src', "'self'", 'blob:', 'mediastream:'],
    ['connect-src', "'self'", ...extraConnectSources],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Headers every page and file of the app carries, whichever shell serves it. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    // No page address (the browser shell's one-time launch address included) is ever sent on as a Referer.
    'Referrer-Policy': 'no-referrer',
  };
}
