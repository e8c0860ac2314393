import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cutsPaper, kicksDrawer, printedText, startFakePrinter, type FakePrinter } from '../../../../devtools/escposPrinter/fakePrinter';
import type { ReceiptRow } from '../../../../domain/receipts/layout';
import { EscPosPrinter, pairLines, problemOf } from './escpos';

/** The ESC/POS driver against a fake printer on a real socket (docs/api.md §9.3). */

const ROWS: ReceiptRow[] = [
  { type: 'title', text: 'Kassabon' },
  { type: 'pair', left: '1 x Dagkaart', right: '€ 15,45' },
  { type: 'text', text: 'Bedankt en goede reis!', center: true },
];

let fake: FakePrinter;
beforeEach(async () => {
  fake = await startFakePrinter();
});
afterEach(() => fake.close());

describe('printing on a network ESC/POS printer', () => {
  it('prints the rows and cuts the paper; the receipt opens no drawer', async () => {
    const printer = new EscPosPrinter({ url: fake.url });
    expect(await printer.print(ROWS)).toEqual({ kind: 'ok', value: 'printer' });
    const job = await fake.nextJob(0);
    expect(printedText(job)).toContain('Kassabon');
    expect(printedText(job)).toMatch(/1 x Dagkaart +\S+ 15,45/);
    expect(printedText(job)).toContain('Bedankt en goede reis!');
    expect(cutsPaper(job)).toBe(true);
    expect(kicksDrawer(job)).toBe(false);
    expect(printer.state()).toBe('ready');
  });

  it('the euro sign goes out in a code page that has it (CP858: 0xD5), never as a question mark', async () => {
    await new EscPosPrinter({ url: fake.url }).print(ROWS);
    const job = await fake.nextJob(0);
    expect(job.includes(Buffer.from([0xd5, 0x20, 0x31, 0x35]))).toBe(true);
    expect(printedText(job)).not.toContain('?');
  });

  it('kicks the drawer with ESC p on pin 2 and prints nothing else', async () => {
    const printer = new EscPosPrinter({ url: fake.url });
    expect(await printer.kick()).toEqual({ kind: 'ok', value: 'printer' });
    const job = await fake.nextJob(0);
    expect(kicksDrawer(job)).toBe(true);
    expect(job.subarray(job.indexOf(0x70) - 1)).toEqual(Buffer.from([0x1b, 0x70, 0x00, 0x32, 0xfa]));
    expect(cutsPaper(job)).toBe(false);
  });

  it('paper out: nothing is sent, the answer says why, and the state is paperOut until it prints again', async () => {
    const printer = new EscPosPrinter({ url: fake.url });
    const states: string[] = [];
    printer.onState((s) => states.push(s));
    fake.set('paperOut');
    expect(await printer.print(ROWS)).toEqual({ kind: 'refused', problem: 'paperOut' });
    expect(printer.state()).toBe('paperOut');
    fake.set('ready');
    expect(await printer.print(ROWS)).toEqual({ kind: 'ok', value: 'printer' });
    // Only the second job reached the paper.
    expect(printedText(await fake.nextJob(0))).toContain('Kassabon');
    expect(fake.jobs).toHaveLength(1);
    expect(states).toEqual(['busy', 'paperOut', 'busy', 'ready']);
  });

  it('the drawer still opens when the paper is out: the clerk has change to give', async () => {
    const printer = new EscPosPrinter({ url: fake.url });
    fake.set('paperOut');
    expect(await printer.kick()).toEqual({ kind: 'ok', value: 'printer' });
    expect(kicksDrawer(await fake.nextJob(0))).toBe(true);
  });

  it('cover open: not printed, told as such; the printer counts as offline', async () => {
    const printer = new EscPosPrinter({ url: fake.url });
    fake.set('coverOpen');
    expect(await printer.print(ROWS)).toEqual({ kind: 'refused', problem: 'coverOpen' });
    expect(printer.state()).toBe('offline');
    expect(await printer.check()).toBe('offline');
  });

  it('a printer that takes the connection and never answers is offline within the deadline', async () => {
    const printer = new EscPosPrinter({ url: fake.url, deadlineMs: 300 });
    fake.set('offline');
    const started = Date.now();
    expect(await printer.print(ROWS)).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/^no status from the printer/) });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(printer.state()).toBe('offline');
  });

  it('a printer nobody listens for (switched off) is offline; the next job after it is back prints', async () => {
    const closed: Server = createServer();
    await new Promise<void>((ready) => closed.listen(0, '127.0.0.1', ready));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const printer = new EscPosPrinter({ url: `tcp://127.0.0.1:${port}` });
    expect(await printer.print(ROWS)).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/^no connection to the printer/) });
    expect(await printer.kick()).toMatchObject({ kind: 'unknown', reason: expect.stringMatching(/^no connection to the printer/) });
  });

  it('jobs run one after another: a receipt sent while the drawer opens arrives whole, after it', async () => {
    const printer = new EscPosPrinter({ url: fake.url });
    const [kick, print] = await Promise.all([printer.kick(), printer.print(ROWS)]);
    expect([kick, print]).toEqual([
      { kind: 'ok', value: 'printer' },
      { kind: 'ok', value: 'printer' },
    ]);
    await fake.nextJob(1);
    expect(kicksDrawer(fake.jobs[0]!)).toBe(true);
    expect(printedText(fake.jobs[1]!)).toContain('Kassabon');
  });
});

describe('a line with an amount', () => {
  it('fills the paper’s width, the amount on the right; a name too long for it gets a line of its own', () => {
    expect(pairLines('Totaal', '€ 3,40', 20)).toEqual(['Totaal        € 3,40']);
    expect(pairLines('1 x Dagkaart volwassene 2e klas', '€ 15,45', 20)).toEqual([
      '1 x Dagkaart volwassene 2e klas',
      '             € 15,45',
    ]);
  });
});

describe('the status bytes (DLE EOT 1, 2, 4)', () => {
  it.each([
    [[0x12, 0x12, 0x12], null],
    [[0x1a, 0x16, 0x12], 'coverOpen'],
    [[0x1a, 0x32, 0x7e], 'paperOut'],
    [[0x12, 0x12, 0x72], 'paperOut'],
    [[0x1a, 0x12, 0x12], 'offline'],
  ])('%j → %s', (bytes, problem) => {
    expect(problemOf(Buffer.from(bytes))).toBe(problem);
  });
});
