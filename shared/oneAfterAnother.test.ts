import { describe, expect, it } from 'vitest';
import { oneAfterAnother } from './oneAfterAnother';

/** A piece of work that ends when the test says so, and says when it started. */
function gated(log: string[], name: string) {
  let end!: () => void;
  let fail!: (error: Error) => void;
  const ended = new Promise<string>((resolve, reject) => {
    end = () => resolve(name);
    fail = reject;
  });
  return { work: () => (log.push(`start ${name}`), ended), end, fail };
}

describe('oneAfterAnother', () => {
  it('starts the next piece of a key only when the one before it has ended', async () => {
    const inTurn = oneAfterAnother<number>();
    const log: string[] = [];
    const a = gated(log, 'a');
    const b = gated(log, 'b');
    const first = inTurn(1, a.work);
    const second = inTurn(1, b.work);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['start a']);
    a.end();
    expect(await first).toBe('a');
    b.end();
    expect(await second).toBe('b');
    expect(log).toEqual(['start a', 'start b']);
  });

  it('runs pieces of other keys side by side', async () => {
    const inTurn = oneAfterAnother<number>();
    const log: string[] = [];
    const a = gated(log, 'a');
    const b = gated(log, 'b');
    const first = inTurn(1, a.work);
    const other = inTurn(2, b.work);
    b.end();
    expect(await other).toBe('b');
    expect(log).toEqual(['start a', 'start b']);
    a.end();
    expect(await first).toBe('a');
  });

  it('goes on after a piece that failed, whose caller hears the failure', async () => {
    const inTurn = oneAfterAnother<string>();
    const log: string[] = [];
    const a = gated(log, 'a');
    const failed = inTurn('k', a.work);
    const next = inTurn('k', async () => 'after');
    a.fail(new Error('broke'));
    await expect(failed).rejects.toThrow('broke');
    expect(await next).toBe('after');
  });
});
