import { describe, expect, it } from 'vitest';
import { checkAccess } from './access';

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
