import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import type { TerminalProgress } from '../../../shared/ipc/terminal';
import type { LoadedConfig } from '../config/machineConfig';
import type { TestCounter } from './counter';
import { value } from './counter';

/** Helpers of the terminal's tests: a counter's configuration that names the simulator, and its progress awaited. */

export const SIMULATOR_CONFIG: LoadedConfig = { config: { terminal: { url: 'simulator' } }, sources: {}, file: null };

/** Resolves with the first progress `matches` accepts (subscribe before the act that causes it). */
export function progress(counter: TestCounter, matches: (p: TerminalProgress) => boolean): Promise<TerminalProgress> {
  return new Promise((resolve) => {
    const off = counter.on('terminal.progress', (p) => {
      if (!matches(p)) return;
      off();
      resolve(p);
    });
  });
}

/** The stages a counter told about, in order (for what a test saw happen). */
export function stagesSeen(counter: TestCounter): TerminalProgress['stage'][] {
  const seen: TerminalProgress['stage'][] = [];
  counter.on('terminal.progress', (p) => seen.push(p.stage));
  return seen;
}

/** terminal.pay, which must be taken: the order with its PENDING PIN payment, and that payment. */
export async function startPin(counter: TestCounter, orderId: string) {
  const order = value((await counter.dispatch('terminal.pay', { orderId })) as IpcResult<CounterOrder>, 'terminal.pay').order;
  const payment = order.payments.find((p) => !p.isRefund && p.paymentStatuses[0]!.statusCode === 'PENDING')!;
  return { order, payment };
}
