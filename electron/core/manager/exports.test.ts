import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportAnswer } from '../../../shared/manager/types';
import type { IpcResult } from '../../../shared/ipc';
import { countingIds, testClock } from '../testing/clock';
import { csvFiles, savedFile } from '../testing/exportCsv';
import { pdfLines, pdfTexts } from '../testing/exportFiles';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { counterCopy, type CounterCopy } from '../testing/counterTemplate';
import { EXPORT_NICE as NICE } from './exports';

/**
 * Exports never stop a sale (docs/architecture.md §4): the export worker builds the file from
 * its own read-only connection while the main process sells. The worker waits at a gate the
 * test holds shut, so "the export is still running" is a fact, not a race.
 */

let folder: CounterCopy;
let counter: TestCounter;
afterEach(async () => {
  await counter?.close();
  folder?.remove();
});

const START = '2026-10-24T08:00:00.000Z';
const DAY = { from: '2026-10-24' };

async function gatedCounter(gate: SharedArrayBuffer) {
  folder = await counterCopy('counter-exports-', START, { firstStart: true });
  counter = await openCounter({
    dataDir: folder.dir,
    database: folder.database,
    clock: testClock(START),
    newId: countingIds('eeee0000'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'central-bearer-token-of-this-counter' },
    exportGate: gate,
  });
  await counter.dispatch('session.login', { staffId: 'mark', pin: '9999' });
  return clerk(counter);
}

/** A thread's nice value (Linux: the 19th field of its stat file). */
const niceOf = (stat: string) => {
  const text = readFileSync(stat, 'utf8');
  return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[16]);
};
const niceOfThreads = () => readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));

const open = (held: Int32Array) => {
  Atomics.store(held, 0, 0);
  Atomics.notify(held, 0);
};

describe('the export worker', () => {
  it('answers a sale while an export runs (held at its first page), and the export still comes out whole', async () => {
    const gate = new SharedArrayBuffer(4);
    const held = new Int32Array(gate);
    const mark = await gatedCounter(gate);
    const before = [];
    for (let i = 0; i < 3; i++) {
      const order = await mark.create([{ productId: 600, quantity: 1 + i }]);
      before.push(await mark.pay(order.orderId, order.totalAmount, 'cash'));
    }

    Atomics.store(held, 0, 1);
    const reading = once(counter.test.exports, 'page');
    let exported = false;
    const file = counter
      .dispatch('reports.export', { report: 'orders', format: 'csv', range: DAY })
      .then((r) => ((exported = true), value(r as IpcResult<ExportAnswer>)));
    await reading;

    // The worker holds the export at its first page; the main process sells meanwhile.
    const sale = await mark.create([{ productId: 600, quantity: 4 }]);
    const paid = await mark.pay(sale.orderId, sale.totalAmount, 'cash');
    expect(paid.payments.map((p) => p.paymentStatuses[0]!.statusCode)).toEqual(['SETTLED']);
    expect(exported).toBe(false);

    open(held);
    const csv = await file;
    const [orders] = csvFiles(csv);
    expect(orders!.header[0]).toBe('Order');
    // Read after the gate opened, the page holds the sale made meanwhile too.
    expect(orders!.rows.map((r) => r[0]).sort()).toEqual([...before, paid].map((o) => o.orderNumber).sort());
  });

  // The kernel keeps a nice value per thread on Linux only (exportThread.ts).
  it.runIf(process.platform === 'linux')('runs the export at a lower priority than the sale, in its own thread only', async () => {
    const gate = new SharedArrayBuffer(4);
    const held = new Int32Array(gate);
    await gatedCounter(gate);
    Atomics.store(held, 0, 1);
    const reading = once(counter.test.exports, 'page');
    const file = counter.dispatch('reports.export', { report: 'orders', format: 'csv', range: DAY });
    await reading;
    // The worker holds at its first page: one thread, the worker's, runs NICE below the process
    // (the test may itself run niced: the sale's thread keeps the process's value).
    const own = niceOf('/proc/thread-self/stat');
    const worker = Math.min(19, own + NICE);
    expect(worker).toBeGreaterThan(own);
    expect(niceOfThreads().filter((n) => n !== own)).toEqual([worker]);
    open(held);
    expect((await file).ok).toBe(true);
  });

  it('builds a PDF and the audit trail in the worker too', async () => {
    const gate = new SharedArrayBuffer(4);
    const mark = await gatedCounter(gate);
    const order = await mark.create([{ productId: 600, quantity: 1 }]);
    await mark.pay(order.orderId, order.totalAmount, 'cash');
    await mark.refund(order.orderId, 100, 'late train');
    const pages: unknown[] = [];
    counter.test.exports.on('page', (id) => pages.push(id));
    const pdf = value(
      (await counter.dispatch('reports.export', {
        report: 'orders',
        format: 'pdf',
        language: 'nl',
        range: DAY,
      })) as IpcResult<ExportAnswer>,
    );
    // The worker finds the bundled fonts: the clerk's name and the status in words read back whole.
    const lines = pdfLines(await pdfTexts(savedFile(pdf).content));
    expect(lines.slice(0, 2)).toEqual(['Orders', 'Winkel: Balie Centraal Station']);
    expect(lines.find((l) => l.startsWith(order.orderNumber))).toContain('Betaald Mark Jansen');
    const audit = value(
      (await counter.dispatch('reports.export', { report: 'audit', format: 'csv', range: DAY })) as IpcResult<ExportAnswer>,
    );
    expect(savedFile(audit).content.toString('utf8')).toContain('Refund of €1.00 (Cash)');
    expect(pages.length).toBe(2);
  });
});
