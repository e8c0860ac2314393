import BetterSqlite3, { type Database } from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { listDeletions } from './changes';
import { listOrderBytes, listOrders } from './orders';
import { joinPage } from '../joined';
import type { ReadRequest, ReadResponse } from './readers';

/**
 * A reader thread (readers.ts): its own read-only connection to the central's file, in WAL
 * mode, so a read sees every commit made before it started and never waits for the writer.
 */

export function answer(db: Database, request: ReadRequest): ReadResponse {
  try {
    const page =
      request.kind === 'deletions'
        ? listDeletions(db, request.filter, request.limit, request.after)
        : request.kind === 'joined'
          ? joinPage(listOrderBytes(db, request.filter, request.limit, request.after))
          : listOrders(db, request.filter, request.limit, request.after);
    return { id: request.id, page };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Serves the reads the pool sends, `before` each (a test holds the thread there). */
export function serveReads(before: () => void = () => {}): void {
  const { file } = workerData as { file: string };
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  parentPort!.on('message', (request: ReadRequest) => {
    before();
    const response = answer(db, request);
    // A joined page's text moves to the main thread instead of being copied (transferred).
    const text = 'page' in response && 'text' in response.page ? (response.page.text.buffer as ArrayBuffer) : undefined;
    parentPort!.postMessage(response, text ? [text] : []);
  });
}
