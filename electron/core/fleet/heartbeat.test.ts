import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { heartbeatInput } from '../../../shared/schemas/fleet';
import { tempDir } from '../../../server/testing/fixtures';
import { openCounterDatabase } from '../db/database';
import { heartbeatBody } from './heartbeat';

const opened: (() => void)[] = [];
afterEach(() => opened.splice(0).forEach((close) => close()));

function body(clockOffsetMs: number | null) {
  const folder = tempDir('counter-heartbeat-');
  const db = openCounterDatabase(join(folder.dir, 'counter.sqlite'));
  opened.push(folder.remove, () => db.close());
  return heartbeatBody({
    db,
    appVersion: '1.4.2',
    now: () => new Date('2026-06-01T09:00:00.000Z'),
    clockOffsetMs: () => clockOffsetMs,
    lastSyncAt: () => null,
    deviceStates: () => ({ terminal: 'none', printer: 'ready' }),
  });
}

describe('the heartbeat (docs/api.md §11.2)', () => {
  it('reports a clock offset not measured yet as unknown (null), not as 0', () => {
    const report = body(null);
    expect(report.clockOffsetMs).toBeNull();
    expect(heartbeatInput.parse(report).clockOffsetMs).toBeNull();
  });

  it('reports a measured offset in whole milliseconds, 0 included', () => {
    expect(body(3_600_000.4).clockOffsetMs).toBe(3_600_000);
    expect(body(-1_250.6).clockOffsetMs).toBe(-1_251);
    expect(body(0).clockOffsetMs).toBe(0);
  });
});
