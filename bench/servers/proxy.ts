import { FaultyProxy } from '../../electron/core/testing/faultyProxy';
import { serveUntilStopped } from '../../server/testing/child';

/**
 * Child entry: the lossy network between a counter and its central (FaultyProxy), in a
 * process of its own as a network is: its work is neither the counter's nor the baseline client's.
 */
const [target, seed, dropRate, resetRate] = process.argv.slice(2);
if (!target || !seed || !dropRate || !resetRate) throw new Error('usage: proxy.ts TARGET_URL SEED DROP_RATE RESET_RATE');
const proxy = await new FaultyProxy({ target, seed: Number(seed), dropRate: Number(dropRate), resetRate: Number(resetRate) }).start();
serveUntilStopped(proxy.url, () => proxy.close());
