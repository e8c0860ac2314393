import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from 'better-sqlite3';
import type { Order, Payment } from '../shared/schemas/order';
import { Catalog } from '../domain/catalog';
import { demoFixturesPath, loadFixturesFile } from '../domain/fixtures';
import { dayBounds, nextDay } from '../domain/reports/timeZone';
import { openCounterDatabase } from '../electron/core/db/database';
import { insertOrder } from '../domain/store/sqlite/orders';
import { tempDir } from '../server/testing/fixtures';
import { DrawerDays } from '../electron/core/manager/days';
import { indexOrder } from '../electron/core/orders/facts';
import {
  ordersPage,
  ordersPageSql,
  rangeSummary,
  searchByText,
  searchSql,
  MOVEMENTS_SETTLED_SQL,
  ORDERS_MADE_SQL,
} from '../electron/core/orders/review';
import { copyDays, orderIdOf, orderRows, sameStores } from './lib/copySeed';
import { comparison, latencyColumns, latencyOf } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * `npm run bench -- manager [ORDERS]`: the manager's reads on a local store of ORDERS orders
 * (default 1,000,000) against the same reads on 10,000: a filtered 50-row page with the day's
 * summary, the clerks' order search, and a day's Z report figures. Each store holds 1,000
 * orders a day, so a day's work is the same in both: the ratio of the p50s shows whether the
 * indexes do the work (goal at most 2; the p99s' ratio printed beside it). Rounds take turns
 * (small, large; large, small; ...), at least 3; printed are the medians of the rounds' p50 and
 * p99 with their spread, the ratios round by round, and each query's plan (no full scan).
 * The small store is seeded through the counter's write path; the large one copies its days
 * (lib/copySeed.ts), checked first against the write path at CHECK orders.
 */

const TZ = 'Europe/Amsterdam';
const PER_DAY = 1000;
const SMALL = 10_000;
const QUERIES = envNumber('BENCH_QUERIES', 200);
const GOAL = { p50: 2 } as const;
export const FIRST_DAY = '2023-01-01';
/** The reads' stores start here: the check's copied days (CHECK) hold the change to summer time, a day of 23 hours. */
const FROM = '2023-03-12';
const CHECK = 20_000;
const CLERKS = Array.from({ length: 10 }, (_, i) => ({ staffId: `clerk-${i}`, name: `Clerk ${i}` }));
const METHODS = [
  { paymentMethodId: 1, name: 'Contant', provider: 'counter' },
  { paymentMethodId: 2, name: 'Pinbetaling', provider: 'terminal' },
  { paymentMethodId: 3, name: 'Automatische incasso', provider: 'sepa' },
];
const PRODUCTS = [
  { productId: 600, productName: 'Enkele reis stad', amountInclTax: 340 },
  { productId: 601, productName: 'Retour stad', amountInclTax: 640 },
  { productId: 101, productName: 'Dagkaart volwassene', amountInclTax: 950 },
  { productId: 102, productName: 'Dagkaart kind', amountInclTax: 475 },
];
const TOUCHPOINT = { salesTouchpointId: 10, name: 'Balie Centraal Station', isActive: true, retailerId: 1 };

/** A small deterministic generator: the same store for the same size. */
function generator(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const passOf = (i: number) =>
  `3528 ${String(i)
    .padStart(12, '0')
    .replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3')}`;

function order(i: number, day: string, pick: (n: number) => number): Order {
  // Every id carries the index in twelve digits, so a copied day renumbers them in one go (lib/copySeed.ts).
  const n = String(i).padStart(12, '0');
  const start = Date.parse(dayBounds(day, TZ).from);
  const createdOn = new Date(start + Math.floor(((i % PER_DAY) + 0.5) * (86_400_000 / PER_DAY))).toISOString();
  const product = PRODUCTS[pick(PRODUCTS.length)]!;
  const quantity = 1 + pick(3);
  const total = product.amountInclTax * quantity;
  const status = [1, 2, 3, 4, 4, 4, 5, 5, 6][pick(9)]!;
  const method = METHODS[pick(METHODS.length)]!;
  const status_ = (code: string, id: number) => ({
    paymentStatusId: `ps-${n}-${id}`,
    createdOn,
    statusCode: code,
    statusDescription: '',
    statusSubCode: '',
    statusSubDescription: '',
  });
  let paymentNo = 0;
  const payment = (code: string, refund = false, amount = total): Payment => ({
    paymentId: `p-${n}-${++paymentNo}`,
    createdOn,
    amountDebit: amount,
    paymentMethod: method,
    touchPoint: TOUCHPOINT,
    isRefund: refund,
    operatorPaymentReference: `ref-${n}-${paymentNo}`,
    pspPaymentReference: '',
    paymentStatuses: [status_(code, paymentNo)],
    mandateInput: null,
  });
  const payments = status === 3 ? [payment('PENDING')] : status >= 4 ? [payment('SETTLED')] : [];
  if (status === 6 && pick(2) === 0) payments.push(payment('SETTLED'), payment('SETTLED', true));
  if (status === 4 && pick(10) === 0) payments.push(payment('SETTLED', true, product.amountInclTax));
  return {
    orderId: orderIdOf(i),
    externalOrderId: null,
    orderNumber: `KBEN-${String(i).padStart(7, '0')}`,
    customerProfileId: 0,
    validContents: true,
    device: null,
    vouchers: [],
    totalAmount: total,
    touchPoint: TOUCHPOINT,
    language: { languageId: 1, name: 'Nederlands', iso639Code: 'nl', ietfCode: 'nl-NL' },
    createdOn,
    lastUpdatedOn: createdOn,
    order_OrderStatuses: [
      { order_orderStatusId: `os-${n}`, orderStatus: { orderStatusId: status, name: String(status) }, createdOn, description: '' },
    ],
    orderLines: [
      {
        orderLineId: `ol-${n}`,
        externalOrderLineId: null,
        ...product,
        productDescription: '',
        fikoArticleNumber: '',
        taxCode: null,
        taxPercentage: null,
        taxAmount: null,
        amountExclTax: null,
        vouchers: [],
        quantity,
        orderLineTerms: [],
        createdOn,
        lastUpdatedOn: createdOn,
        validFrom: null,
        validUntil: null,
        orderLineStatus: { orderLineStatusId: status === 5 ? 4 : 1, name: '' },
        customerTokens:
          i % 2 === 0
            ? [
                {
                  customerTokenId: `ct-${n}`,
                  tokenType: { tokenTypeId: 2, name: 'pass physical' },
                  transitTokenId: i % 10 === 0 ? 880001 : null,
                  serviceReferenceId: null,
                  amount: null,
                  passNumber: passOf(i),
                  verificationCode: null,
                  personalAccountData: null,
                  transitToken: null,
                },
              ]
            : null,
        orderAccountingStatuses: [],
        validationResult: 'valid',
        additionalRemarks: [],
        validationErrors: [],
        returnedQuantity: 0,
      },
    ],
    payments,
    orderCustomer: null,
  };
}

const BATCH = 20_000;

export interface SeedOptions {
  firstDay?: string;
  /** The orders repeat every `period` orders (the same picks), as the days copied from them do (lib/copySeed.ts). */
  period?: number;
}

/** Writes `count` orders as the counter would (order row, parts, index, history) in big transactions. */
export function seed(db: Database, count: number, { firstDay = FIRST_DAY, period }: SeedOptions = {}): number {
  const started = performance.now();
  let pick = generator(period ?? count);
  // Seeding only: a power cut here loses a benchmark, not a sale. Measured reads run with FULL again.
  db.pragma('synchronous = OFF');
  let day = firstDay;
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      if (i > 0 && i % PER_DAY === 0) day = nextDay(day);
      if (period && i > 0 && i % period === 0) pick = generator(period);
      const o = order(i, day, pick);
      insertOrder(db, { order: o, touchpointId: 10, customerFixed: false, version: 1 });
      indexOrder(db, o, CLERKS[pick(CLERKS.length)]!);
      db.prepare('INSERT INTO sync_orders (order_id, state, updated_at) VALUES (?, ?, ?)').run(
        o.orderId,
        pick(20) === 0 ? 'rejected' : 'synced',
        o.createdOn,
      );
    }
  });
  for (let from = 0; from < count; from += BATCH) batch.immediate(from, Math.min(count, from + BATCH));
  db.pragma('synchronous = FULL');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  return (performance.now() - started) / 1000;
}

interface Store {
  count: number;
  db: Database;
  days: number;
}

type Work = (store: Store, pick: (n: number) => number) => void;

const catalog = new Catalog(loadFixturesFile(demoFixturesPath()));
const dayOf = (n: number) => {
  let d = FROM;
  for (let i = 0; i < n; i++) d = nextDay(d);
  return d;
};

const WORK: Record<string, Work> = {
  'filtered page + summary': (s, pick) => {
    const day = dayOf(pick(s.days));
    const range = dayBounds(day, TZ);
    const filters = { statusIds: [4, 5], paymentMethodId: 1 + pick(3) };
    ordersPage(s.db, range, filters, [], null, 50);
    rangeSummary(s.db, range, filters, []);
  },
  'order search (pass number)': (s, pick) => {
    const i = pick(s.count / 2) * 2;
    const found = searchByText(s.db, catalog, passOf(i), null, undefined, 50);
    if (found.length !== 1) throw new Error(`the search for ${passOf(i)} found ${found.length} orders`);
  },
  'Z report figures of a day': (s, pick) => {
    const day = dayOf(pick(s.days));
    const noon = new Date(Date.parse(dayBounds(day, TZ).from) + 12 * 3_600_000);
    new DrawerDays(
      s.db,
      TZ,
      () => noon,
      () => 'x',
    ).xReport();
  },
};

function measure(store: Store, work: Work, seedValue: number): number[] {
  const pick = generator(seedValue);
  const samples: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const t = performance.now();
    work(store, pick);
    samples.push(performance.now() - t);
  }
  return samples;
}

function plans(db: Database): string[] {
  const range = dayBounds(FROM, TZ);
  const explain = (sql: string, args: unknown[]) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail);
  const page = ordersPageSql(range, { statusIds: [4, 5], paymentMethodId: 1 }, [], null, 50);
  const lines = [
    ['filtered page', explain(page.sql, page.args)],
    ['order search', explain(searchSql([880001], null, undefined), ['no:x', 'pass:x', 'xtat:x', 'x', 880001, 50])],
    ['money of a day', explain(MOVEMENTS_SETTLED_SQL, [range.from, range.to])],
    ['orders of a day', explain(ORDERS_MADE_SQL, [range.from, range.to])],
  ] as const;
  const out: string[] = [];
  for (const [name, detail] of lines) {
    const full = detail.filter((l) => /^SCAN \w+$/.test(l));
    out.push(`${name}: ${full.length === 0 ? 'no full scan' : `FULL SCAN ${full.join(', ')}`}`, ...detail.map((d) => `    ${d}`));
  }
  return out;
}

/** A copy of the store in a new file (the base the large store's days are copied from). */
function copyOfStore(db: Database, file: string): Database {
  db.exec(`VACUUM INTO '${file}'`);
  return openCounterDatabase(file);
}

/** The large store: the small one's days, copied until it holds `count` orders (lib/copySeed.ts). */
function copied(small: Database, file: string, count: number): { db: Database; seconds: number } {
  const db = copyOfStore(small, file);
  const seconds = copyDays({ db, firstDay: FROM, timeZone: TZ, perDay: PER_DAY, baseDays: SMALL / PER_DAY, count });
  return { db, seconds };
}

/** The copy seed checked against the write path at CHECK orders, before anything is measured: every table, row for row. */
function checkCopies(small: Database, dir: string): void {
  const files = [join(dir, `written-${CHECK}.sqlite`), join(dir, `copied-${CHECK}.sqlite`)];
  const written = openCounterDatabase(files[0]!);
  seed(written, CHECK, { firstDay: FROM, period: SMALL });
  const copy = copied(small, files[1]!, CHECK).db;
  const differences = sameStores(written, copy);
  const rows = orderRows(copy);
  written.close();
  copy.close();
  for (const file of files) rmSync(file);
  if (differences.length > 0) throw new Error(`the copied store is not what the write path writes:\n${differences.join('\n')}`);
  console.log(
    `copy check: at ${CHECK} orders the copied store equals the one seeded through the write path, every table (${rows} order rows)`,
  );
}

export async function benchManager(args: string[]): Promise<void> {
  const large = Number(args[0] ?? process.env.BENCH_MANAGER_ORDERS ?? 1_000_000);
  if (!Number.isSafeInteger(large) || large < SMALL) throw new Error(`ORDERS must be at least ${SMALL}`);
  const folder = tempDir('bench-manager-');
  try {
    const smallDb = openCounterDatabase(join(folder.dir, `counter-${SMALL}.sqlite`));
    const seconds = seed(smallDb, SMALL, { firstDay: FROM, period: SMALL });
    console.log(`seeded ${SMALL} orders (${SMALL / PER_DAY} days) through the write path in ${seconds.toFixed(1)} s`);
    checkCopies(smallDb, folder.dir);
    const big = copied(smallDb, join(folder.dir, `counter-${large}.sqlite`), large);
    console.log(`seeded ${large} orders (${Math.ceil(large / PER_DAY)} days) by copying those days in ${big.seconds.toFixed(1)} s`);
    const small: Store = { count: SMALL, db: smallDb, days: SMALL / PER_DAY };
    const stores: Store[] = [small, { count: large, db: big.db, days: Math.ceil(large / PER_DAY) }];
    console.log(`\nquery plans on ${large} orders:\n${plans(big.db).join('\n')}\n`);
    console.log(`${ROUNDS} interleaved rounds of ${QUERIES} queries on each store (BENCH_ROUNDS, BENCH_QUERIES)`);
    for (const [name, work] of Object.entries(WORK)) {
      // The same queries on both stores in a round: the generator seeded by the round.
      const rounds = await interleaved(['small', 'large'] as const, ROUNDS, async (side, round) =>
        latencyOf(measure(stores[side === 'small' ? 0 : 1]!, work, round + 1)),
      );
      console.log(`\n${name}`);
      console.log(
        comparison({ name: `at ${large}`, rounds: rounds.large }, { name: `at ${SMALL}`, rounds: rounds.small }, latencyColumns(GOAL)),
      );
    }
    stores.forEach((s) => s.db.close());
  } finally {
    folder.remove();
  }
}
