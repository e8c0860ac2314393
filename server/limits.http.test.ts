import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, MAX_PHOTO_BYTES } from '../shared/enums';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { createOrder, line } from './testing/orders';

/** docs/api.md §7.5 and §5: how large an order may grow, when it may be dated, and answers before any route. */

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
/** A PNG data URI of just under 1 MiB decoded. */
const bigPhoto = () => `data:image/png;base64,${Buffer.concat([PNG, Buffer.alloc(MAX_PHOTO_BYTES - PNG.length - 16)]).toString('base64')}`;

describe.each(scenarios())('limits of one order ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const withPhotos = (count: number) => {
    const product = h.roles.needsBirthdate;
    const token = { tokenTypeId: product.tokenTypeIds[0]!, personalAccountData: { photo: bigPhoto() } };
    return line(product, { customerTokens: Array.from({ length: count }, () => token) });
  };

  it('takes 100 lines and refuses the 101st, on create and on POST /orderlines', async () => {
    const body = (n: number) => ({
      languageId: h.roles.language.languageId,
      orderLines: Array.from({ length: n }, () => line(h.roles.plain)),
    });
    expectProblem(await h.call('POST', `${API}/orders`, { body: body(101) }), 400);
    const full = expectOrder(await h.call('POST', `${API}/orders`, { body: body(100) }), 201);
    const refused = expectProblem(await h.call('POST', `${API}/orders/${full.orderId}/orderlines`, { body: line(h.roles.plain) }), 400);
    expect(refused.errors[0]!.detail).toContain('100 lines');
    expect(expectOrder(await h.call('GET', `${API}/orders/${full.orderId}`)).orderLines).toHaveLength(100);
  });

  it('takes photos up to 8 MiB per order and refuses more, whether added or changed', async () => {
    // Two photos a request stay under the body limit; eight fill the order.
    const o = await createOrder(h, [withPhotos(2)]);
    const add = async (n: number) => expectOrder(await h.call('POST', `${API}/orders/${o.orderId}/orderlines`, { body: withPhotos(n) }));
    await add(2);
    await add(2);
    await add(1);
    const bare = (await add(0)).orderLines[4]!.orderLineId;
    const patch = (n: number) => h.call('PATCH', `${API}/orderlines/${bare}`, { body: { customerTokens: withPhotos(n).customerTokens } });
    expect(expectProblem(await patch(2), 400).errors[0]!.detail).toContain('8 MiB');
    const eight = expectOrder(await patch(1));
    expect(
      expectProblem(await h.call('POST', `${API}/orders/${o.orderId}/orderlines`, { body: withPhotos(1) }), 400).errors[0]!.detail,
    ).toContain('8 MiB');
    expect(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`))).toEqual(eight);
  });

  it.each([
    ['1999-12-31T23:59:59.999Z', 400],
    ['0001-01-01T00:00:00Z', 400],
    ['2999-01-01T00:00:00Z', 400],
    ['2000-01-01T00:00:00Z', 201],
  ])('createdOn %s: %s', async (createdOn, status) => {
    const res = await h.call('POST', `${API}/orders`, {
      body: { languageId: h.roles.language.languageId, createdOn, orderLines: [line(h.roles.plain)] },
    });
    expect(res.status).toBe(status);
    if (status === 400) expect(expectProblem(res, 400).errors[0]!.pointer).toBe('/createdOn');
  });

  it('takes createdOn up to 5 minutes after its clock, not a moment later', async () => {
    const at = (ms: number) => new Date(h.clock.now.getTime() + ms).toISOString();
    const body = (createdOn: string) => ({
      body: { languageId: h.roles.language.languageId, createdOn, orderLines: [line(h.roles.plain)] },
    });
    expect((await h.call('POST', `${API}/orders`, body(at(5 * 60_000)))).status).toBe(201);
    expect((await h.call('POST', `${API}/orders`, body(at(5 * 60_000 + 1)))).status).toBe(400);
  });
});

describe('answers before any route runs', () => {
  let h: Harness;
  let port: number;
  beforeEach(async () => {
    const [scenario] = scenarios();
    h = await harness(scenario!);
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as net.AddressInfo).port;
  });
  afterEach(() => h.close());

  /** Writes `requests` on one connection at once and reads until `answers` responses have come. */
  function exchange(data: Buffer, answers: number): Promise<{ text: string; error: string | null }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      const finish = (error: string | null) => {
        socket.destroy();
        resolve({ text, error });
      };
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if ((text.match(/\r\n\r\n\{"/g) ?? []).length >= answers && text.trimEnd().endsWith('}')) finish(null);
      });
      socket.on('error', (e) => finish((e as NodeJS.ErrnoException).code ?? 'error'));
      socket.on('close', () => finish(null));
      socket.write(data);
    });
  }

  const problemOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { type: string; instance: string };

  it('answers headers over the limit (431) with a problem body', async () => {
    const { text } = await exchange(Buffer.from(`GET ${API}/orders HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`), 1);
    expect(text.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(problemOf(text).type).toBe('urn:counter:problem:headers-too-large');
    expect(problemOf(text).instance).toMatch(/^urn:uuid:/);
  });

  it('answers a request that is not HTTP (400) with a problem body', async () => {
    const { text } = await exchange(Buffer.from('HELLO\r\n\r\n'), 1);
    expect(text.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(problemOf(text).type).toBe('urn:counter:problem:validation-error');
  });

  it('a 413 reaches a client that sends its whole body at once, and the connection stays usable', async () => {
    const token = await h.token();
    const body = Buffer.alloc(2 * MAX_BODY_BYTES, 0x20);
    const head = `POST ${API}/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const next = `GET ${API}/orders/00000000-0000-4000-8000-00000000ffff HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`;
    const { text, error } = await exchange(Buffer.concat([Buffer.from(head), body, Buffer.from(next)]), 2);
    expect(error).toBeNull();
    expect(text.startsWith('HTTP/1.1 413 ')).toBe(true);
    expect(text).toContain('urn:counter:problem:payload-too-large');
    // The refused body was read and dropped: the next request on the connection is answered.
    expect(text).toContain('HTTP/1.1 404 ');
  });
});

describe('while the service shuts down', () => {
  it('answers a request that arrives during the close with a 503 problem body', async () => {
    const [scenario] = scenarios();
    const h = await harness(scenario!);
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (h.app.server.address() as net.AddressInfo).port;
    const token = await h.token();
    // A request in flight (its body not all sent) holds the close open.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ languageId: h.roles.language.languageId, orderLines: [line(h.roles.plain)] });
    const arrived = new Promise((resolve) => h.app.server.once('request', resolve));
    socket.write(
      `POST ${API}/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await arrived;
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const ended = new Promise((resolve) => socket.on('close', resolve));
    const closed = h.app.close();
    // The close has begun once the server stops listening (after the preClose hooks).
    while (h.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    // The rest of the body, and a second request on the same connection behind it.
    socket.write(`${body.slice(10)}GET ${API}/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    await ended;
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 201 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    expect(JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4))).toMatchObject({
      type: 'urn:counter:problem:unavailable',
      errors: [],
    });
    await closed;
    await h.store.close();
  });
});
