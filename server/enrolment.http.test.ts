import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceCredentials, REVOKED_PROBLEM_TYPE } from '../shared/schemas/fleet';
import type { Problem } from '../shared/schemas/problem';
import { claim as claimOf, enrolDevice, heartbeat, makeCode as makeCodeOf, operatorToken, report } from './testing/fleet';
import { scenarios } from './testing/fixtures';
import { API, expectProblem, harness, pointers, type Harness } from './testing/harness';
import { createOrder } from './testing/orders';
import { ACTIVE_REMEMBERED_MS } from './fleet';

/** Enrolment (docs/api.md §11.1): one-time codes, their claims, device tokens and revocation, on both backends. */

const [scenario] = scenarios();

let h: Harness;
let operator: string;
beforeEach(async () => {
  h = await harness(scenario!);
  operator = await operatorToken();
});
afterEach(() => h.close());

const makeCode = (touchpointId?: number) => makeCodeOf(h, touchpointId);
const claim = (code: string, remoteAddress?: string) => claimOf(h, code, remoteAddress);
const enrolled = (touchpointId?: number) => enrolDevice(h, touchpointId);

/** A problem without its `instance`, which is fresh on every answer. */
const sameness = ({ instance: _, ...rest }: Problem) => rest;

describe('enrolment codes', () => {
  it('an operator makes an 8-letter code without look-alikes, valid 24 hours', async () => {
    const made = await makeCode();
    expect(made.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(made.touchpointId).toBe(h.roles.touchpoint.salesTouchpointId);
    expect(Date.parse(made.expiresAt) - Date.parse(scenario!.now)).toBe(24 * 60 * 60 * 1000);
  });

  it('only an operator makes codes, and only for an active touchpoint', async () => {
    const body = { touchpointId: h.roles.touchpoint.salesTouchpointId };
    expectProblem(await h.call('POST', `${API}/enrolments`, { body }), 403);
    expectProblem(await h.call('POST', `${API}/enrolments`, { body, auth: null }), 401);
    const inactive = { touchpointId: h.roles.inactiveTouchpoint.salesTouchpointId };
    expect(pointers(expectProblem(await h.call('POST', `${API}/enrolments`, { body: inactive, auth: operator }), 400))).toEqual([
      '/touchpointId',
    ]);
  });
});

describe('claiming a code', () => {
  it('gives a device token bound to the touchpoint, with the device id in it, that sells for that touchpoint', async () => {
    const touchpointId = h.roles.otherTouchpoint.salesTouchpointId;
    const device = await enrolled(touchpointId);
    expect(device.touchpointId).toBe(touchpointId);
    expect(decodeJwt(device.token)).toMatchObject({ sub: device.deviceId, touchpointId, scope: 'device' });
    const order = await createOrder(h, undefined, {}, { auth: device.token });
    expect(order.touchPoint.salesTouchpointId).toBe(touchpointId);
  });

  it('spends the code on the first claim; the code may be typed in small letters with a dash', async () => {
    const { code } = await makeCode();
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`;
    expect((await claim(typed)).status).toBe(200);
    expectProblem(await claim(code), 401);
  });

  it('lets exactly one of several claims of one code at once win', async () => {
    const { code } = await makeCode();
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('answers a wrong, spent, expired or malformed code alike', async () => {
    const spent = await makeCode();
    await claim(spent.code);
    const expired = await makeCode();
    h.clock.advance(24 * 60 * 60 * 1000);
    const answers = [await claim('ABCDEFGH'), await claim(spent.code), await claim(expired.code), await claim('not a code at all!')];
    const bodies = answers.map((a) => sameness(expectProblem(a, 401)));
    expect(bodies[0]!.detail).toMatch(/wrong, spent or expired/);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it('holds a code good until the last millisecond of its 24 hours (a frozen clock)', async () => {
    const first = await makeCode();
    const second = await makeCode();
    h.clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await claim(first.code)).status).toBe(200);
    h.clock.advance(1);
    expectProblem(await claim(second.code), 401);
  });

  it('answers 429 with Retry-After to every claim from an address after more than 10 failures within 60 s', async () => {
    const { code } = await makeCode();
    const attacker = '203.0.113.7';
    for (let i = 0; i < 11; i++) {
      expectProblem(await claim(`WRONG${i}AA`, attacker), 401);
      h.clock.advance(1000);
    }
    // The first failure was 11 s ago: it leaves the window in 49 s, and then 10 remain.
    const refused = await claim(code, attacker);
    expectProblem(refused, 429);
    expect(refused.headers['retry-after']).toBe('49');
    // Another address is heard, and refusals do not lengthen the wait.
    expect((await claim((await makeCode()).code, '198.51.100.2')).status).toBe(200);
    h.clock.advance(48_999);
    expectProblem(await claim(code, attacker), 429);
    h.clock.advance(1);
    expect((await claim(code, attacker)).status).toBe(200);
  });
});

describe('a device token', () => {
  it('is renewed with the device’s own token, and by no other', async () => {
    const device = await enrolled();
    const other = await enrolled();
    h.clock.advance(1000);
    const renewed = await h.call('POST', `${API}/counters/${device.deviceId}/token`, { auth: device.token });
    expect(renewed.status, renewed.text).toBe(200);
    const fresh = deviceCredentials.parse(renewed.body);
    expect(fresh).toMatchObject({ deviceId: device.deviceId, touchpointId: device.touchpointId });
    expect(decodeJwt(fresh.token).sub).toBe(device.deviceId);
    expectProblem(await h.call('POST', `${API}/counters/${device.deviceId}/token`, { auth: other.token }), 403);
    expectProblem(await h.call('POST', `${API}/counters/${device.deviceId}/token`, { auth: operator }), 403);
  });

  it('is refused as revoked once the operator revokes the device, everywhere', async () => {
    const device = await enrolled();
    const kept = await enrolled();
    expectProblem(await h.call('DELETE', `${API}/counters/${device.deviceId}`), 403);
    const revoked = await h.call('DELETE', `${API}/counters/${device.deviceId}`, { auth: operator });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.text).toBe('');
    for (const [method, url] of [
      ['GET', `${API}/orders`],
      ['POST', `${API}/counters/${device.deviceId}/token`],
      ['GET', `${API}/counters`],
    ] as const) {
      const body = expectProblem(await h.call(method, url, { auth: device.token }), 401);
      expect(body.type).toBe(REVOKED_PROBLEM_TYPE);
    }
    expect((await h.call('GET', `${API}/orders`, { auth: kept.token })).status).toBe(200);
    expectProblem(await h.call('DELETE', `${API}/counters/${device.deviceId}`, { auth: operator }), 404);
  });

  it('is refused at once after a revocation here, and within ACTIVE_REMEMBERED_MS after one by another process', async () => {
    const here = await enrolled();
    const elsewhere = await enrolled();
    for (const device of [here, elsewhere]) expect((await h.call('GET', `${API}/orders`, { auth: device.token })).status).toBe(200);
    expect((await h.call('DELETE', `${API}/counters/${here.deviceId}`, { auth: operator })).status).toBe(200);
    expect(expectProblem(await h.call('GET', `${API}/orders`, { auth: here.token }), 401).type).toBe(REVOKED_PROBLEM_TYPE);
    // Another process of the same database revokes: this one still remembers the device active...
    await h.store.fleet.revoke(elsewhere.deviceId, h.clock.now.toISOString());
    expect((await h.call('GET', `${API}/orders`, { auth: elsewhere.token })).status).toBe(200);
    // ...until its answer is ACTIVE_REMEMBERED_MS old.
    h.clock.advance(ACTIVE_REMEMBERED_MS);
    expect(expectProblem(await h.call('GET', `${API}/orders`, { auth: elsewhere.token }), 401).type).toBe(REVOKED_PROBLEM_TYPE);
  });
});

describe('a heartbeat (docs/api.md §11.2)', () => {
  it('takes a clock offset not measured yet as null, and the operator’s list shows it unknown', async () => {
    const device = await enrolled();
    const measured = await enrolled();
    expect((await report(h, device, heartbeat({ clockOffsetMs: null }))).status).toBe(200);
    expect((await report(h, measured, heartbeat({ clockOffsetMs: 1_500 }))).status).toBe(200);
    const listed = await h.call('GET', `${API}/counters`, { auth: operator });
    expect(listed.status, listed.text).toBe(200);
    const offsets = Object.fromEntries(
      (listed.body as { counters: { deviceId: string; clockOffsetMs: number | null }[] }).counters.map((c) => [
        c.deviceId,
        c.clockOffsetMs,
      ]),
    );
    expect(offsets).toEqual({ [device.deviceId]: null, [measured.deviceId]: 1_500 });
    // Unknown is null, nothing else: a word or a missing key is refused.
    expectProblem(await report(h, device, { ...heartbeat(), clockOffsetMs: 'unknown' }), 400);
    const { clockOffsetMs: _, ...without } = heartbeat();
    expectProblem(await report(h, device, without), 400);
  });

  it('says in the OpenAPI that the clock offset may be null, unknown', async () => {
    type Doc = {
      paths: Record<string, { put: { requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
    };
    const doc = (await h.call<Doc>('GET', `${API}/openapi.json`)).body;
    const offset = doc.paths[`${API}/counters/{deviceId}`]!.put.requestBody.content['application/json']!.schema.properties.clockOffsetMs;
    expect(JSON.stringify(offset)).toContain('"null"');
    expect(JSON.stringify(offset)).toContain('unknown');
  });
});
