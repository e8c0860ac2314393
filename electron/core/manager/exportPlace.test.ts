import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import type { ExportPlace } from './exportPlace';
import { exportsFolder, freeName, savePath } from './exportPlace';
import { clerk } from '../testing/counter';
import { savedFile } from '../testing/exportCsv';
import { managerCounter } from '../testing/managerCounter';

/**
 * Where an export goes (docs/counter.md §10, "Exports"): the place the shell's port answers,
 * never the counter's own data folder; the file under its name only when whole; nothing asked
 * of, written for or recorded against a clerk; a cancelled dialog leaves nothing.
 */

const DAY = { from: '2026-10-24' };
const { dir: base, remove } = tempDir('counter-export-place-');
afterAll(remove);

describe('the path an export is saved under', () => {
  const data = join(base, 'data');
  mkdirSync(join(data, 'exports'), { recursive: true });
  mkdirSync(join(base, 'elsewhere'), { recursive: true });

  it('is the chosen path, the extension added when the name was typed without it', () => {
    expect(savePath(join(base, 'elsewhere', 'Orders.zip'), 'Orders-2026.zip', data)).toBe(join(base, 'elsewhere', 'Orders.zip'));
    expect(savePath(join(base, 'elsewhere', 'Orders'), 'Orders-2026.zip', data)).toBe(join(base, 'elsewhere', 'Orders.zip'));
    expect(savePath(join(data, 'exports', 'Orders.zip'), 'Orders.zip', data)).toBe(join(data, 'exports', 'Orders.zip'));
  });

  it('is refused in the counter’s data folder (its database, settings and keys), also through a link, and when relative', () => {
    expect(savePath(join(data, 'counter.sqlite'), 'Orders.zip', data)).toBeNull();
    expect(savePath(join(data, 'sub', 'Orders.zip'), 'Orders.zip', data)).toBeNull();
    symlinkSync(data, join(base, 'link-to-data'));
    expect(savePath(join(base, 'link-to-data', 'Orders.zip'), 'Orders.zip', data)).toBeNull();
    expect(savePath('Orders.zip', 'Orders.zip', data)).toBeNull();
  });

  it('in the exports folder is a free name, as a downloads folder gives: "name (2).ext" when the name is taken or being written', () => {
    const dir = join(base, 'free');
    expect(freeName(dir, 'Z.pdf')).toBe(join(dir, 'Z.pdf'));
    // Z.pdf.part now exists (taken), so the next export of the same name gets its own.
    expect(freeName(dir, 'Z.pdf')).toBe(join(dir, 'Z (2).pdf'));
  });
});

describe('an export through the counter', () => {
  const asked: { fileName: string; mimeType: string }[] = [];
  let answer: (dataDir: string) => ExportPlace | null = () => null;
  const gate = new SharedArrayBuffer(4);
  const held = new Int32Array(gate);
  const m = managerCounter(undefined, {
    exportGate: gate,
    chooseExportFile: async (file) => {
      asked.push(file);
      return answer(m.counter.describe().dataDir);
    },
  });
  const trail = async () => (await m.call('audit.list', { range: DAY })).rows.map((r) => [r.action, r.outcome, r.detail?.refused ?? null]);
  const exportsOf = (dataDir: string) => (existsSync(exportsFolder(dataDir)) ? readdirSync(exportsFolder(dataDir)) : []);

  it('asks a clerk’s call nothing: refused, no dialog, no file, the attempt recorded', async () => {
    asked.length = 0;
    answer = (dataDir) => ({ path: join(dataDir, 'exports', 'Orders.zip') });
    await m.asAnna();
    expect(await m.refused('reports.export', { report: 'orders', format: 'csv', range: DAY })).toMatchObject({
      code: 'session.managerOnly',
    });
    expect(asked).toEqual([]);
    expect(exportsOf(m.counter.describe().dataDir)).toEqual([]);
    await m.asMark();
    expect(await trail()).toEqual([['reports.export', 'refused', 'session.managerOnly']]);
  });

  it('is refused in the data folder: the database is not touched, no part is left, the refusal recorded', async () => {
    await m.asMark();
    const dataDir = m.counter.describe().dataDir;
    const database = join(
      dataDir,
      readdirSync(dataDir).find((f) => f.endsWith('.sqlite'))!,
    );
    const before = readFileSync(database);
    answer = () => ({ path: database });
    expect(await m.refused('reports.export', { report: 'audit', format: 'csv', range: DAY })).toMatchObject({
      kind: 'invalid',
      code: 'export.refusedPlace',
    });
    expect(readFileSync(database).equals(before)).toBe(true);
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(await trail()).toEqual([['reports.export', 'refused', 'export.refusedPlace']]);
  });

  it('suggests the report’s name, and a cancelled dialog writes and records nothing', async () => {
    asked.length = 0;
    await m.asMark();
    answer = () => null;
    expect(await m.call('reports.export', { report: 'audit', format: 'pdf', range: DAY })).toEqual({ cancelled: true });
    expect(asked).toEqual([
      {
        fileName: expect.stringMatching(/^Audit_trail-Balie_Centraal_Station-.+-2026-10-24-Europe_Amsterdam\.pdf$/),
        mimeType: 'application/pdf',
      },
    ]);
    expect(exportsOf(m.counter.describe().dataDir)).toEqual([]);
    expect(await trail()).toEqual([]);
  });

  it('writes to NAME.part while it runs and gives the name only to the whole file; a failure leaves neither', async () => {
    await m.asMark();
    const order = await clerk(m.counter).create([{ productId: 600, quantity: 1 }]);
    await clerk(m.counter).pay(order.orderId, order.totalAmount, 'cash');
    const target = join(base, 'saved', 'Orders.zip');
    mkdirSync(join(base, 'saved'), { recursive: true });
    answer = () => ({ path: target });

    // Held at its first page: the part is there, the name is not.
    Atomics.store(held, 0, 1);
    let reading = once(m.counter.test.exports, 'page');
    const whole = m.call('reports.export', { report: 'orders', format: 'csv', range: DAY });
    await reading;
    expect([existsSync(`${target}.part`), existsSync(target)]).toEqual([true, false]);
    Atomics.store(held, 0, 0);
    Atomics.notify(held, 0);
    const saved = savedFile(await whole);
    expect(saved).toMatchObject({ path: target, fileName: 'Orders.zip', download: null, bytes: saved.content.length });
    expect(existsSync(`${target}.part`)).toBe(false);

    // The worker stops mid-export (as at a kill): the part is removed, the name never made.
    const failed = join(base, 'saved', 'Failed.zip');
    answer = () => ({ path: failed });
    Atomics.store(held, 0, 1);
    reading = once(m.counter.test.exports, 'page');
    const stopped = m.counter.dispatch('reports.export', { report: 'orders', format: 'csv', range: DAY });
    await reading;
    expect(existsSync(`${failed}.part`)).toBe(true);
    await m.counter.test.exports.close();
    expect(await stopped).toMatchObject({ ok: false, error: { code: 'export.notSaved' } });
    expect([existsSync(`${failed}.part`), existsSync(failed)]).toEqual([false, false]);
    expect((await trail()).filter(([action]) => action === 'reports.export')).toEqual([
      ['reports.export', 'refused', 'export.notSaved'],
      ['reports.export', 'done', null],
    ]);
  });
});
