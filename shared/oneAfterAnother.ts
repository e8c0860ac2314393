/**
 * Work run one after another per key, in the order it was asked for; work under different keys
 * runs side by side. A piece that fails does not stop the ones after it: its caller hears the
 * failure. A key is forgotten once its last piece has ended, so the keys held are those with work.
 */
export function oneAfterAnother<K>(): <T>(key: K, work: () => Promise<T>) => Promise<T> {
  const last = new Map<K, Promise<unknown>>();
  return (key, work) => {
    const mine = (last.get(key) ?? Promise.resolve()).then(work);
    const settled = mine.catch(() => undefined);
    last.set(key, settled);
    void settled.then(() => last.get(key) === settled && last.delete(key));
    return mine;
  };
}
