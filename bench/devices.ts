import { benchPrinter } from './devices/printer';

/**
 * `npm run bench -- devices`: the desk's devices (docs/api.md §9): the counter's own time from a
 * payment's approval to the receipt bytes on the printer (bench/devices/printer.ts).
 */
export async function benchDevices(): Promise<void> {
  console.log(`devices benchmark (BENCH_RECEIPTS receipts per round, BENCH_ROUNDS rounds)\n`);
  await benchPrinter();
}
