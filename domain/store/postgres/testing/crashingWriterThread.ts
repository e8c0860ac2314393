import { parentPort, workerData } from 'node:worker_threads';
import { serveWrites } from '../writes';
import type { WriterMessage } from '../writes';

/** A writer thread (writer.pg.test) that ends at once, answering nothing, when asked to remove the order 'crash'. */
parentPort!.on('message', (message: WriterMessage) => {
  if ('request' in message && message.request.kind === 'remove' && message.request.orderId === 'crash') process.exit(7);
});
serveWrites(parentPort!, (workerData as { url: string }).url);
