import { describe, expect, it } from 'vitest';
import type { OutboxWork } from '../db/outbox';
import { pushWaiting, type PipelineOptions } from './pipeline';

/**
 * The push pipeline on a scripted outbox: pushes are promises the test settles by hand, so
 * what is under way at each moment is exact, not a matter of timing.
 */

type Outcome = 'ok' | 'lost' | 'fatal';

/** An outbox of orders o1..oN (first rows at seq 1..N), pages served as `pendingOrders` does. */
function scripted(n: number, options: { concurrency?: number; commitEvery?: number; pageOf?: (afterSeq: number) => string[] } = {}) {
  const orders = Array.from({ length: n }, (_, i) => `o${i + 1}`);
  const seqOf = (id: string) => Number(id.slice(1));
  const pages: number[] = [];
  const waiting = new Map<string, (outcome: Outcome) => void>();
  let inFlight = 0;
  let mostInFlight = 0;
  const commits: string[][] = [];
  const run: PipelineOptions<Outcome> = {
    next: (afterSeq, limit) => {
      pages.push(afterSeq);
      const ids = options.pageOf?.(afterSeq) ?? orders.filter((id) => seqOf(id) > afterSeq);
      return ids.slice(0, limit).map((orderId) => ({ orderId, upToSeq: seqOf(orderId), firstSeq: seqOf(orderId) }));
    },
    push: (work: OutboxWork) =>
      new Promise<Outcome>((resolve) => {
        inFlight++;
        mostInFlight = Math.max(mostInFlight, inFlight);
        waiting.set(work.orderId, (outcome) => {
          inFlight--;
          waiting.delete(work.orderId);
          resolve(outcome);
        });
      }),
    commit: (done) => commits.push(done.map((d) => `${d.work.orderId}:${d.result}`)),
    gotOn: (outcome) => outcome === 'ok',
    fatal: (outcome) => outcome === 'fatal',
    concurrency: options.concurrency ?? 3,
    commitEvery: options.commitEvery ?? 1000,
  };
  return { run, pages, commits, waiting, mostInFlight: () => mostInFlight };
}

const flushed = () => new Promise((resolve) => setImmediate(resolve));

/** Answers every push under way, with `outcomeOf` its order, until the pipeline ends. */
async function answerUntilEnd(s: ReturnType<typeof scripted>, ending: Promise<unknown>, outcomeOf: (orderId: string) => Outcome) {
  let ended = false;
  void ending.then(() => (ended = true));
  while (!ended) {
    for (const [id, answer] of [...s.waiting]) answer(outcomeOf(id));
    await flushed();
  }
  return ending;
}

describe('the push pipeline', () => {
  it('keeps exactly `concurrency` pushes under way, taking the next order as soon as one ends', async () => {
    const s = scripted(10, { concurrency: 3 });
    const ending = pushWaiting(s.run);
    await flushed();
    expect([...s.waiting.keys()]).toEqual(['o1', 'o2', 'o3']);
    // The slowest of the first three does not hold up the rest: o2 ends, o4 starts at once.
    s.waiting.get('o2')!('ok');
    await flushed();
    expect([...s.waiting.keys()].sort()).toEqual(['o1', 'o3', 'o4']);
    expect(await answerUntilEnd(s, ending, () => 'ok')).toBeNull();
    expect(s.mostInFlight()).toBe(3);
    expect(s.commits.flat()).toHaveLength(10);
  });

  it('writes the outcomes down every `commitEvery` and the rest at the end', async () => {
    const s = scripted(7, { concurrency: 2, commitEvery: 3 });
    const ending = pushWaiting(s.run);
    await answerUntilEnd(s, ending, () => 'ok');
    expect(s.commits.map((c) => c.length)).toEqual([3, 3, 1]);
  });

  it('writes nothing down when nothing is left at the end, or nothing was pushed', async () => {
    const s = scripted(6, { concurrency: 2, commitEvery: 3 });
    await answerUntilEnd(s, pushWaiting(s.run), () => 'ok');
    expect(s.commits.map((c) => c.length)).toEqual([3, 3]);
    const empty = scripted(0);
    expect(await pushWaiting(empty.run)).toBeNull();
    expect(empty.commits).toEqual([]);
  });

  it('takes an order once even when a later page offers it again (changed while its push was under way)', async () => {
    // The first page is full (256, the pipeline's refill); the next offers o1 again, with a new outbox row, and o257..o260.
    const first = Array.from({ length: 256 }, (_, i) => `o${i + 1}`);
    const s = scripted(260, {
      concurrency: 8,
      pageOf: (after) => (after === 0 ? first : after === 256 ? ['o1', 'o257', 'o258', 'o259', 'o260'] : []),
    });
    await answerUntilEnd(s, pushWaiting(s.run), () => 'ok');
    const pushed = s.commits.flat().map((c) => c.split(':')[0]);
    expect(pushed.filter((id) => id === 'o1')).toHaveLength(1);
    expect(pushed).toHaveLength(260);
    expect(s.pages).toEqual([0, 256]);
  });

  it('stops taking orders once `concurrency` pushes in a row got nowhere, and writes down those it made', async () => {
    const s = scripted(50, { concurrency: 4 });
    const ending = pushWaiting(s.run);
    expect(await answerUntilEnd(s, ending, () => 'lost')).toBe('stalled');
    const pushed = s.commits.flat();
    expect(pushed.length).toBeGreaterThanOrEqual(4);
    expect(pushed.length).toBeLessThan(8);
    expect(pushed.every((p) => p.endsWith(':lost'))).toBe(true);
  });

  it('goes on through lost answers while others get on', async () => {
    const s = scripted(40, { concurrency: 4 });
    const ending = pushWaiting(s.run);
    // Three of every four lost: never four in a row.
    expect(await answerUntilEnd(s, ending, (id) => (Number(id.slice(1)) % 4 === 0 ? 'ok' : 'lost'))).toBeNull();
    expect(s.commits.flat()).toHaveLength(40);
  });

  it('stops at once on a fatal outcome: the pushes under way end and are written down, no other starts', async () => {
    const s = scripted(20, { concurrency: 3 });
    const ending = pushWaiting(s.run);
    await flushed();
    s.waiting.get('o2')!('fatal');
    await flushed();
    expect([...s.waiting.keys()].sort()).toEqual(['o1', 'o3']);
    s.waiting.get('o1')!('ok');
    s.waiting.get('o3')!('ok');
    expect(await ending).toBe('fatal');
    expect(s.commits.flat().sort()).toEqual(['o1:ok', 'o2:fatal', 'o3:ok']);
  });
});
