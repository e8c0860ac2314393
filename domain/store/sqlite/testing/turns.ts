import { expect } from 'vitest';

/**
 * The outcomes of writes made in this turn, as they stand once the event loop has turned once
 * more: group commit commits a batch on the next turn and waits for no timer, so every write
 * must be answered by then. A write left unanswered fails the test at once instead of hanging
 * it until a time limit, on any machine.
 */
export async function afterNextTurn<T>(writes: Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  const outcomes: (PromiseSettledResult<T> | undefined)[] = writes.map(() => undefined);
  writes.forEach((w, i) =>
    w.then(
      (value) => (outcomes[i] = { status: 'fulfilled', value }),
      (reason: unknown) => (outcomes[i] = { status: 'rejected', reason }),
    ),
  );
  await new Promise((resolve) => setImmediate(resolve));
  expect(outcomes.map((o) => o?.status ?? 'unanswered')).not.toContain('unanswered');
  return outcomes as PromiseSettledResult<T>[];
}

/** Each outcome's value, or its reason when the write failed. */
export const valuesOf = <T>(outcomes: PromiseSettledResult<T>[]) => outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
