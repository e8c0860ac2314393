import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { createOrder, line } from './testing/orders';

/**
 * Logs never carry personal data or secrets: photos, birthdates, names, JWTs, one-time
 * passwords. Everything the app logs, at every level, is captured and searched for them.
 */

const [scenario] = scenarios();

const PHOTO = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('unmistakable-photo-bytes')]).toString('base64')}`;
const BIRTHDATE = '1961-07-23';
const NAME = 'Wilhelmina Zeldzaamnaam';
const SURNAME = 'Achternaamvanklant';
const ONE_TIME_PASSWORD = '739164';
const EMAIL = 'w.zeldzaam@example.org';

describe('logs', () => {
  let h: Harness;
  let captured: string;

  beforeEach(async () => {
    captured = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        captured += chunk.toString();
        done();
      },
    });
    h = await harness({ ...scenario!, logger: pino({ level: 'trace' }, sink) });
  });
  afterEach(() => h.close());

  it('hold none of the personal data and secrets the requests carried', async () => {
    const product = h.roles.needsBirthdate;
    const personalAccountData = { name: NAME, birthdate: BIRTHDATE, photo: PHOTO, challengeTypeId: 1, oneTimePassword: ONE_TIME_PASSWORD };
    const token = { tokenTypeId: product.tokenTypeIds[0]!, personalAccountData };
    const customerJwt = await h.customerToken(31337);
    const channelJwt = await h.token();

    const o = await createOrder(h, [line(product, { customerTokens: [token] })], {}, { customer: customerJwt, auth: channelJwt });
    expectOrder(
      await h.call('PUT', `${API}/orders/${o.orderId}/customer`, {
        customer: customerJwt,
        body: { birthname: NAME, surname: SURNAME, emailAddress: EMAIL, dateOfBirth: BIRTHDATE },
      }),
    );
    // Refusals too: a bad body carrying the same data, a bad query, a bad JWT, an unknown order.
    expectProblem(
      await h.call('POST', `${API}/orders`, {
        body: { languageId: 'x', orderLines: [line(product, { customerTokens: [{ ...token, tokenTypeId: 9 }] })] },
      }),
      400,
    );
    expectProblem(await h.call('POST', `${API}/orders`, { payload: `{"name":"${NAME}","birthdate":"${BIRTHDATE}"` }), 400);
    expectProblem(await h.call('GET', `${API}/orders?externalOrderId=${encodeURIComponent(NAME)}&createdAfter=${BIRTHDATE}x`), 400);
    expectProblem(await h.call('GET', `${API}/orders`, { customer: `${customerJwt}x` }), 401);
    expectProblem(await h.call('GET', `${API}/orders`, { auth: `${channelJwt}x` }), 401);
    expectProblem(await h.call('GET', `${API}/orders/${o.orderId.replace(/.$/, 'f')}`), 404);
    expectProblem(await h.call('POST', `${API}/orders`, { payload: NAME, contentType: 'text/plain' }), 415);

    // The log is not empty: it names what was done, so an empty sink cannot pass this test.
    expect(captured).toContain('"route":"/api/2.0/orders"');
    expect(captured.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(8);

    const secrets = {
      photo: PHOTO.slice(-20),
      birthdate: BIRTHDATE,
      name: NAME,
      surname: SURNAME,
      email: EMAIL,
      oneTimePassword: ONE_TIME_PASSWORD,
      channelJwt,
      channelJwtSignature: channelJwt.split('.')[2]!,
      customerJwt,
      customerJwtSignature: customerJwt.split('.')[2]!,
    };
    for (const [what, value] of Object.entries(secrets)) {
      expect(captured.includes(value), `the log holds the ${what}`).toBe(false);
    }
  });
});
