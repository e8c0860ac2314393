import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Catalog } from '../../domain/catalog';
import { demoFixturesPath, loadFixturesFile } from '../../domain/fixtures';
import { answerText } from '../../domain/order/present';
import { nextStamp } from '../../domain/store/sqlite/changes';
import { openDatabase } from '../../domain/store/sqlite/database';
import { groupCommit } from '../../domain/store/sqlite/groupCommit';
import { listOrders } from '../../domain/store/sqlite/orders';
import { isPostgresUrl, openPostgres } from '../../domain/store/postgres/database';
import { groupCommit as pgGroupCommit } from '../../domain/store/postgres/groupCommit';
import { listOrders as pgListOrders, nextOrderNumber } from '../../domain/store/postgres/orders';
import { stampedAtSeal, stampText, UNSEALED } from '../../domain/store/postgres/changeClock';
import type { OrderFilter, Page, PageAfter } from '../../domain/store/types';
import { decodeCursor, pageLinks } from '../../server/paging';
import { serveUntilStopped } from '../../server/testing/child';

/**
 * Child entry: the baseline. What the central does for POST and GET /orders with nothing
 * but node:http and the driver, on the same schema and settings: on SQLite (a file) POST
 * through the same group commit (one disk sync per turn of the event loop) and GET through
 * the same SQL (listOrders) on the event loop; on PostgreSQL (a postgres:// URL) POST
 * through the same group commit (one transaction, a savepoint per write, one change stamp)
 * and GET through the same SQL on a pool. Both answer the same text: the stored docs in the
 * same envelope, the reference data of registered tokens joined in where the status shows
 * them (answerText, the central's own join: checkProbes compares the answers). So the ratio
 * central/bare shows the cost of everything above the SQL and that join: routing,
 * validation, auth, the order rules, the reader threads' hand-over.
 * No auth, no validation, on purpose.
 */

interface LineInput {
  productId: number;
  quantity: number;
  vouchers?: unknown[];
}

/**
 * The simplest doc of the same size as the central's (1,678 bytes for one line): an object
 * literal with the Order's fields, fixed values where the central looks things up. Same
 * size matters: GET answers 50 of them, and JSON work and socket writes grow with bytes.
 */
function orderDoc(body: { languageId?: number; externalDeviceId?: string | null; orderLines?: LineInput[] }, orderId: string, now: string) {
  return {
    orderId,
    externalOrderId: null,
    orderNumber: '',
    customerProfileId: 0,
    validContents: true,
    device: body.externalDeviceId ?? null,
    vouchers: [],
    totalAmount: 0,
    touchPoint: { salesTouchpointId: 10, name: 'Balie Centraal Station', isActive: true, retailerId: 1 },
    language: { languageId: body.languageId ?? 1, name: 'Nederlands', iso639Code: 'nl', ietfCode: 'nl-NL' },
    createdOn: now,
    lastUpdatedOn: now,
    order_OrderStatuses: [
      {
        order_orderStatusId: randomUUID(),
        orderStatus: { orderStatusId: 1, name: 'concept' },
        createdOn: now,
        description: 'Order created',
      },
    ],
    orderLines: (body.orderLines ?? []).map((line) => ({
      orderLineId: randomUUID(),
      externalOrderLineId: null,
      productId: line.productId,
      productName: 'Enkele reis stad',
      productDescription: 'Eén rit in de stadszone, 60 minuten geldig',
      fikoArticleNumber: 'FK-600',
      taxCode: 'V9',
      taxPercentage: 9,
      amountInclTax: 340 * line.quantity,
      amountExclTax: Math.round((340 * line.quantity) / 1.09),
      taxAmount: 340 * line.quantity - Math.round((340 * line.quantity) / 1.09),
      quantity: line.quantity,
      orderLineTerms: [{ orderLineTermsId: randomUUID(), termsUrl: 'https://example.org/terms/general' }],
      validFrom: null,
      validUntil: null,
      vouchers: line.vouchers ?? [],
      createdOn: now,
      lastUpdatedOn: now,
      orderLineStatus: { orderLineStatusId: 1, name: 'pending' },
      orderAccountingStatuses: [
        {
          orderAccountingStatusId: randomUUID(),
          accountingStatus: { accountingStatusId: 1, name: 'open' },
          createdOn: now,
          description: 'Order line created',
        },
      ],
      customerTokens: null,
      validationResult: 'valid',
      additionalRemarks: [],
      validationErrors: [],
    })),
    payments: [],
    orderCustomer: null,
  };
}

/** Where the bare server keeps orders: the central's group commit and list SQL, nothing more. */
interface Backend {
  /** Writes the doc under the next order number and the batch's stamp; answers it as stored. */
  insert(doc: ReturnType<typeof orderDoc>): Promise<string>;
  list(filter: OrderFilter, limit: number, after: PageAfter | null): Promise<Page>;
  close(): Promise<void>;
}

const finish = (doc: ReturnType<typeof orderDoc>, number: number, stamp: string) => {
  doc.orderNumber = String(100_000_000 + number);
  doc.lastUpdatedOn = stamp;
  doc.totalAmount = doc.orderLines.reduce((sum, l) => sum + l.amountInclTax, 0);
  return JSON.stringify(doc);
};

function sqliteBackend(db: Database): Backend {
  const bump = db.prepare("UPDATE sequences SET value = value + 1 WHERE name = 'order_number' RETURNING value");
  const insert = db.prepare(
    `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
       status_id, created_on, last_updated_on, version, doc) VALUES (?, 10, NULL, ?, 0, 0, 1, ?, ?, 1, ?)`,
  );
  const part = db.prepare("INSERT INTO order_parts (part_id, kind, order_id) VALUES (?, 'line', ?)");
  // The central's group commit, with its change stamp: the writes of one turn of the event
  // loop share one transaction and one disk sync (synchronous=FULL, as openDatabase sets).
  const write = groupCommit(db, () => nextStamp(db, new Date()));
  return {
    insert: (doc) =>
      write((stamp) => {
        const text = finish(doc, (bump.get() as { value: number }).value, stamp);
        insert.run(doc.orderId, doc.orderNumber, doc.createdOn, doc.lastUpdatedOn, text);
        for (const line of doc.orderLines) part.run(line.orderLineId, doc.orderId);
        return text;
      }),
    list: async (filter, limit, after) => listOrders(db, filter, limit, after),
    close: async () => void db.close(),
  };
}

function postgresBackend(pool: pg.Pool): Backend {
  // The central's group commit on PostgreSQL: writes under UNSEALED, the change clock taken and
  // put in their place at the seal, its row locked until commit.
  const write = pgGroupCommit(
    pool,
    stampedAtSeal(() => new Date()),
  );
  return {
    insert: (doc) =>
      write(
        async (client, written) => {
          const text = finish(doc, await nextOrderNumber(client), UNSEALED);
          await client.query(
            `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
               status_id, created_on, last_updated_on, version, doc) VALUES ($1, 10, NULL, $2, 0, false, 1, $3, $4, 1, $5)`,
            [doc.orderId, doc.orderNumber, doc.createdOn, doc.lastUpdatedOn, text],
          );
          for (const line of doc.orderLines) {
            await client.query("INSERT INTO order_parts (part_id, kind, order_id) VALUES ($1, 'line', $2)", [
              line.orderLineId,
              doc.orderId,
            ]);
          }
          written.orders.push(doc.orderId);
          return text;
        },
        (text, stamp) => text.replace(stampText(UNSEALED), stampText(stamp)),
      ),
    list: (filter, limit, after) => pgListOrders(pool, filter, limit, after),
    close: () => pool.end(),
  };
}

function handlers(backend: Backend) {
  const fixtures = loadFixturesFile(demoFixturesPath());
  const catalog = new Catalog(fixtures);
  const tokens = new Map(fixtures.transitTokens.map((t) => [t.xTat.toLowerCase(), t.transitTokenId]));
  return {
    post: (body: string): Promise<string> => backend.insert(orderDoc(JSON.parse(body), randomUUID(), new Date().toISOString())),
    /** The central's SQL (listOrders) and its envelope, joined around the stored docs as they are. */
    async list(url: URL, customerHeader: string | undefined): Promise<string> {
      const q = url.searchParams;
      const filter: OrderFilter = {};
      for (const name of [
        'orderId',
        'orderNumber',
        'externalOrderId',
        'createdAfter',
        'createdBefore',
        'updatedAfter',
        'updatedBefore',
      ] as const) {
        const value = q.get(name);
        if (value !== null) filter[name] = value;
      }
      for (const name of ['customerProfileId', 'touchpointId'] as const) if (q.has(name)) filter[name] = Number(q.get(name));
      if (q.has('orderStatusId')) filter.orderStatusId = q.get('orderStatusId')!.split(',').map(Number);
      if (q.has('xTat')) filter.transitTokenIds = [tokens.get(q.get('xTat')!.toLowerCase())].filter((t) => t !== undefined);
      // The customer scope, from the token's claims unverified: the bare does no auth.
      const viewer = customerHeader
        ? (JSON.parse(Buffer.from(customerHeader.split('.')[1]!, 'base64url').toString()) as { customerProfileId: number })
            .customerProfileId
        : null;
      if (viewer !== null) filter.customerProfileId = viewer;
      const byUpdate = filter.updatedAfter !== undefined;
      const after = decodeCursor(q.get('cursor') ?? undefined, byUpdate);
      const page = await backend.list(filter, Number(q.get('limit') ?? 100), after === 'invalid' ? null : after);
      const { _links, href } = pageLinks(url.pathname + url.search, page.next, byUpdate);
      const orders = page.rows.map((row) => answerText(row, catalog, viewer)).join(',');
      return `{"orders":[${orders}],"_links":${JSON.stringify(_links)},"href":${JSON.stringify(href)}}`;
    },
  };
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const [location] = process.argv.slice(2);
if (!location) throw new Error('usage: bare.ts DB_FILE|postgres://URL');
const backend = isPostgresUrl(location) ? postgresBackend(await openPostgres(location)) : sqliteBackend(openDatabase(location));
const api = handlers(backend);
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname !== '/api/2.0/orders') return send(res, 404, '{}');
  const answer =
    req.method === 'GET'
      ? api.list(url, req.headers['x-operator-jwt-auth-header'] as string | undefined).then((text) => [200, text] as const)
      : req.method === 'POST'
        ? readBody(req)
            .then((body) => api.post(body))
            .then((text) => [201, text] as const)
        : Promise.resolve([405, '{}'] as const);
  answer.then(([status, text]) => send(res, status, text)).catch(() => send(res, 400, '{}'));
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveUntilStopped(`http://127.0.0.1:${port}`, async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await backend.close();
  });
});
