import { describe, expect, it } from 'vitest';
import { machineTicks, watchCpu } from './cpu';

describe('cpu shares', () => {
  it('reads busy and all ticks off /proc/stat: idle and iowait are not busy', () => {
    const stat = 'cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0\n';
    expect(machineTicks(stat)).toEqual({ busy: 160, all: 1000 });
  });

  it('counts the load generator’s own work, and the machine at least as busy as it', () => {
    const stop = watchCpu();
    const until = process.cpuUsage().user + 200_000;
    while (process.cpuUsage().user < until);
    const shares = stop();
    expect(shares.loader).toBeGreaterThan(0);
    expect(shares.loader).toBeLessThanOrEqual(1);
    // /proc/stat counts in 10 ms ticks: allow one tick per core either way over the 200 ms.
    expect(shares.machine! + 0.1).toBeGreaterThanOrEqual(shares.loader);
  });
});
