import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** How busy the cores were over a measured run, each as a share of all cores' time (1 = every core, all the time). */
export interface CpuShares {
  /** The whole machine, every process (undefined where /proc/stat cannot be read). */
  machine?: number;
  /** This process alone: the load generator. */
  loader: number;
}

/** The machine's clock ticks since boot, busy and all, from /proc/stat's first line. */
export function machineTicks(stat: string): { busy: number; all: number } {
  const ticks = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the cores' waiting.
  const all = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: all - ticks[3]! - ticks[4]!, all };
}

const readTicks = () => {
  try {
    return machineTicks(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
};

/**
 * Starts watching the cores; the function it answers stops and tells the shares. A process
 * count that cannot raise throughput on a machine already busy at one process is the
 * machine's limit, not the server's: the figures say which.
 */
export function watchCpu(): () => CpuShares {
  const machine0 = readTicks();
  const own0 = process.cpuUsage();
  const start = performance.now();
  return () => {
    const machine1 = readTicks();
    const own = process.cpuUsage(own0);
    const wallMicros = (performance.now() - start) * 1000;
    return {
      machine: machine0 && machine1 ? (machine1.busy - machine0.busy) / (machine1.all - machine0.all) : undefined,
      loader: (own.user + own.system) / (wallMicros * availableParallelism()),
    };
  };
}
