import type { OutboxWork } from '../db/outbox';

export interface PipelineOptions<R> {
  /** Up to `limit` orders waiting whose first outbox row comes after `afterSeq`, oldest first. */
  next: (afterSeq: number, limit: number) => (OutboxWork & { firstSeq: number })[];
  push: (work: OutboxWork) => Promise<R>;
  /** Writes down what the pushes did, all in one transaction. */
  commit: (done: { work: OutboxWork; result: R }[]) => void;
  /** Whether a push moved its order on (synced, or rejected for good). */
  gotOn: (result: R) => boolean;
  /** A push whose outcome stops every other (the central refused the token). */
  fatal: (result: R) => boolean;
  concurrency: number;
  /** Outcomes written down together: one disk sync for this many orders. */
  commitEvery: number;
}

/** Why the pushing stopped before the outbox was gone through, if it did. */
export type Stopped = 'fatal' | 'stalled' | null;

const REFILL = 256;

/**
 * Pushes the waiting orders `concurrency` at a time, taking the next as soon as one ends:
 * no batch waits for its slowest order, so the link and the central stay busy. Each order is
 * taken once (one that failed, or was changed meanwhile, waits for the next round), in the order
 * of its first change.
 * Outcomes are written down `commitEvery` at a time and at the end; a crash before that only
 * means those orders are pushed again and their 409s adopted: still exactly once. The pushing
 * stops at once on a fatal outcome, and once `concurrency` pushes in a row got nowhere: the
 * central is down, and trying every order left would only wait out their time-outs.
 */
export async function pushWaiting<R>(options: PipelineOptions<R>): Promise<Stopped> {
  let queue: OutboxWork[] = [];
  // Orders whose first row is at or before this were all taken already: the next page starts after it.
  let afterSeq = 0;
  let exhausted = false;
  let stopped: Stopped = null;
  let fruitless = 0;
  let done: { work: OutboxWork; result: R }[] = [];

  // An order taken stays taken: changes made to it meanwhile wait for the next round, so
  // that one order never has two pushes under way.
  const taken = new Set<string>();
  const take = (): OutboxWork | undefined => {
    while (!stopped && queue.length === 0 && !exhausted) {
      const page = options.next(afterSeq, REFILL);
      exhausted = page.length < REFILL;
      afterSeq = page.at(-1)?.firstSeq ?? afterSeq;
      queue = page.filter((w) => !taken.has(w.orderId)).map(({ orderId, upToSeq }) => ({ orderId, upToSeq }));
    }
    const work = stopped ? undefined : queue.shift();
    if (work) taken.add(work.orderId);
    return work;
  };
  const flush = () => {
    if (done.length === 0) return;
    const batch = done;
    done = [];
    options.commit(batch);
  };
  const worker = async () => {
    for (let work = take(); work; work = take()) {
      const result = await options.push(work);
      done.push({ work, result });
      if (options.fatal(result)) stopped = 'fatal';
      else if (options.gotOn(result)) fruitless = 0;
      else if (++fruitless >= options.concurrency) stopped ??= 'stalled';
      if (done.length >= options.commitEvery) flush();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  flush();
  return stopped;
}
