import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  AuthError,
  bearer,
  channelVerifier,
  customerVerifier,
  hasScope,
  JwtVerifier,
  PAYMENT_STATUS_SCOPE,
  signChannelToken,
  signCustomerToken,
} from './auth';

/**
 * The verifiers one by one, beside auth.test.ts's requests: which claims pass, what the error
 * says (the 401 body shows it), and how long a verified token is remembered.
 */

const SECRET = 'a-channel-secret-of-enough-length';
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const sign = (claims: Record<string, unknown>, secret = SECRET, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));

async function refusal(verify: Promise<unknown>, refused: typeof AuthError = AuthError): Promise<string> {
  const error = await verify.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(refused);
  return (error as AuthError).message;
}

afterEach(() => vi.useRealTimers());

describe('the channel verifier', () => {
  it('answers a valid token with its claims', async () => {
    const token = await signChannelToken(SECRET, { sub: 'counter', touchpointId: 10, scope: 'a b' });
    expect(await channelVerifier(SECRET).verify(token)).toMatchObject({ sub: 'counter', touchpointId: 10, scope: 'a b' });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it('says why a token is refused: expired, signed with another key, another algorithm, no exp, malformed', async () => {
    const v = channelVerifier(SECRET);
    expect(await refusal(v.verify(await sign({ exp: inSeconds(-10) })))).toBe('the bearer token is not valid: it has expired');
    expect(await refusal(v.verify(await sign({ exp: inSeconds(60) }, 'another-secret-of-enough-length')))).toBe(
      'the bearer token is not valid: its signature does not match',
    );
    expect(await refusal(v.verify(await sign({ exp: inSeconds(60) }, SECRET, 'HS512')))).toBe(
      'the bearer token is not valid: only HS256 is accepted',
    );
    expect(await refusal(v.verify(await sign({ sub: 'x' })))).toBe('the bearer token is not valid: a required claim is missing or wrong');
    expect(await refusal(v.verify('not.a.jwt'))).toBe('the bearer token is not valid: it is malformed');
  });

  it('refuses claims of the wrong type, and a customer token passed as a channel token', async () => {
    const v = channelVerifier(SECRET);
    expect(await refusal(v.verify(await sign({ exp: inSeconds(60), touchpointId: 'ten' })))).toBe('the bearer token lacks required claims');
    expect(await refusal(v.verify(await signCustomerToken(SECRET, 5)))).toBe('the bearer token lacks required claims');
  });

  it('remembers a verified token until its exp, and verifies it again from that second on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await sign({ exp, sub: 'counter' });
    const v = channelVerifier(SECRET);
    const first = await v.verify(token);
    vi.setSystemTime(exp * 1000 - 1);
    expect(await v.verify(token)).toBe(first);
    // The read path's look-up without an await (caller.ts) knows it until the same second.
    expect(v.known(token)).toBe(first);
    vi.setSystemTime(exp * 1000);
    expect(v.known(token)).toBeUndefined();
    expect(await refusal(v.verify(token))).toBe('the bearer token is not valid: it has expired');
  });

  it('knows no token it has not verified, nor one it refused', async () => {
    const v = channelVerifier(SECRET);
    const refused = await sign({ exp: inSeconds(60) }, 'another-secret-of-enough-length');
    expect(v.known(refused)).toBeUndefined();
    await refusal(v.verify(refused));
    expect(v.known(refused)).toBeUndefined();
  });

  it('forgets the remembered tokens once as many are held as it may remember, not before', async () => {
    const v = new JwtVerifier(SECRET, z.object({ exp: z.number(), sub: z.string() }), 'bearer token', 3);
    const exp = inSeconds(3600);
    const first = await sign({ exp, sub: 'first' });
    const remembered = await v.verify(first);
    for (const sub of ['second', 'third']) await v.verify(await sign({ exp, sub }));
    // Three held: still remembered.
    expect(await v.verify(first)).toBe(remembered);
    await v.verify(await sign({ exp, sub: 'fourth' }));
    const again = await v.verify(first);
    expect(again).toEqual(remembered);
    expect(again).not.toBe(remembered);
  });
});

describe('the customer verifier', () => {
  it('takes a customer token naming a real profile (1 and up), and refuses profile 0 or none', async () => {
    const v = customerVerifier(SECRET);
    expect(await v.verify(await signCustomerToken(SECRET, 1))).toMatchObject({ customerProfileId: 1 });
    expect(await v.verify(await signCustomerToken(SECRET, 2))).toMatchObject({ customerProfileId: 2 });
    expect(await refusal(v.verify(await signCustomerToken(SECRET, 0)))).toBe('the customer token lacks required claims');
    expect(await refusal(v.verify(await sign({ exp: inSeconds(60) })))).toBe('the customer token lacks required claims');
    expect(await refusal(v.verify('x.y.z'))).toBe('the customer token is not valid: it is malformed');
    expect(decodeProtectedHeader(await signCustomerToken(SECRET, 1))).toEqual({ alg: 'HS256', typ: 'JWT' });
  });
});

describe('the Authorization header and scopes', () => {
  it('reads a bearer token: any letter case, spaces around and between, one token and nothing else', () => {
    expect([bearer('Bearer abc'), bearer('bearer abc'), bearer('  Bearer abc  '), bearer('Bearer \t abc')]).toEqual([
      'abc',
      'abc',
      'abc',
      'abc',
    ]);
    expect([bearer(undefined), bearer(''), bearer('Bearer'), bearer('Bearer abc def'), bearer('xBearer abc'), bearer('Basic abc')]).toEqual(
      [undefined, undefined, undefined, undefined, undefined, undefined],
    );
  });

  it('finds a scope among space-separated ones, whole words only', () => {
    const claims = (scope?: string) => ({ exp: 1, ...(scope === undefined ? {} : { scope }) });
    expect(hasScope(claims(`orders ${PAYMENT_STATUS_SCOPE}`), 'payments:status')).toBe(true);
    expect(hasScope(claims('payments:statusX'), PAYMENT_STATUS_SCOPE)).toBe(false);
    expect(hasScope(claims(), PAYMENT_STATUS_SCOPE)).toBe(false);
  });
});

describe('auth.ts as it loads (its claim schemas, verifiers and scope are built then)', () => {
  // Each test loads the module again, so that what it builds when it loads is built inside the
  // test: a mutation run activates a mutant only once a test has started.
  async function loadAuth() {
    vi.resetModules();
    return import('./auth');
  }

  it('builds a channel verifier that takes a channel token and refuses a customer token', async () => {
    const auth = await loadAuth();
    const v = auth.channelVerifier(SECRET);
    expect(await v.verify(await auth.signChannelToken(SECRET, { sub: 'counter', touchpointId: 10 }))).toMatchObject({
      sub: 'counter',
      touchpointId: 10,
    });
    expect(await refusal(v.verify(await auth.signCustomerToken(SECRET, 5)), auth.AuthError)).toBe('the bearer token lacks required claims');
  });

  it('builds a customer verifier that takes profiles from 1 up and refuses the anonymous 0', async () => {
    const auth = await loadAuth();
    const v = auth.customerVerifier(SECRET);
    expect(await v.verify(await auth.signCustomerToken(SECRET, 5))).toMatchObject({ customerProfileId: 5 });
    expect(await refusal(v.verify(await auth.signCustomerToken(SECRET, 0)), auth.AuthError)).toBe(
      'the customer token lacks required claims',
    );
  });

  it('exports the payment-status scope and a scope check that finds it', async () => {
    const auth = await loadAuth();
    expect(auth.PAYMENT_STATUS_SCOPE).toBe('payments:status');
    expect(auth.hasScope({ exp: 1, scope: 'orders payments:status' }, auth.PAYMENT_STATUS_SCOPE)).toBe(true);
    expect(auth.hasScope({ exp: 1, scope: 'orders' }, auth.PAYMENT_STATUS_SCOPE)).toBe(false);
  });

  it('exports the operator scope (docs/api.md §11) that a fleet token carries and a counter token does not', async () => {
    const auth = await loadAuth();
    expect(auth.OPERATOR_SCOPE).toBe('operator');
    expect(auth.hasScope({ exp: 1, scope: 'operator' }, auth.OPERATOR_SCOPE)).toBe(true);
    expect(auth.hasScope({ exp: 1 }, auth.OPERATOR_SCOPE)).toBe(false);
  });
});
