// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openWhenLoaded } from './areas';
import { area } from './common/area';
import { useSale } from './sale/saleStore';

/** A part whose code arrives (or fails) when the test says so. */
function deferredPart() {
  let settle!: { arrive: () => void; fail: () => void };
  const part = area(
    () =>
      new Promise<object>((resolve, reject) => {
        settle = { arrive: () => resolve({}), fail: () => reject(new Error('no chunk')) };
      }),
  );
  return { part, settle: () => settle };
}

beforeEach(() => useSale.setState({ screen: 'start', saleSeq: 0 }));

describe('going to a part that loads on demand', () => {
  it('goes once the code is in, and at once when it already is', async () => {
    const { part, settle } = deferredPart();
    const go = vi.fn();
    openWhenLoaded(part, go);
    await Promise.resolve();
    expect(go).not.toHaveBeenCalled();
    settle().arrive();
    await vi.waitFor(() => expect(go).toHaveBeenCalledTimes(1));

    openWhenLoaded(part, go);
    expect(go).toHaveBeenCalledTimes(2);
  });

  it('does not go when the clerk went elsewhere while the code came', async () => {
    const { part, settle } = deferredPart();
    const go = vi.fn();
    openWhenLoaded(part, go);
    useSale.getState().newSale();
    settle().arrive();
    await part.load();
    await Promise.resolve();
    expect(go).not.toHaveBeenCalled();
  });

  it('goes all the same when the code cannot load, so that its slot can say so', async () => {
    const { part, settle } = deferredPart();
    const go = vi.fn();
    openWhenLoaded(part, go);
    settle().fail();
    await vi.waitFor(() => expect(go).toHaveBeenCalledTimes(1));
  });
});
