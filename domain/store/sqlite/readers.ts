import type { Worker } from 'node:worker_threads';
import { startThread, threadEntry } from '../threads';
import type { DeletedFilter, DeletedPage, JoinedPage, OrderFilter, Page, PageAfter } from '../types';

export type ReadRequest = { id: number; limit: number; after: PageAfter | null } & (
  { kind: 'orders' | 'joined'; filter: OrderFilter } | { kind: 'deletions'; filter: DeletedFilter }
);
type AnyPage = Page | JoinedPage | DeletedPage;
export type ReadResponse = { id: number; page: AnyPage } | { id: number; error: string };

export interface ReaderPool {
  listOrders(filter: OrderFilter, limit: number, after: PageAfter | null): Promise<Page>;
  /** The page joined on the reader thread, its text handed over without a copy (joinDocs). */
  listJoined(filter: OrderFilter, limit: number, after: PageAfter | null): Promise<JoinedPage>;
  listDeletions(filter: DeletedFilter, limit: number, after: PageAfter | null): Promise<DeletedPage>;
  close(): Promise<void>;
}

export class ReaderError extends Error {}

/** Another thread entry calling serveReads (reader.ts), and what it is given: for tests. */
export interface ReaderThread {
  entry?: URL;
  data?: Record<string, unknown>;
}

interface Pending {
  resolve: (page: AnyPage) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * better-sqlite3 runs a query on the thread that calls it: a list over a cold cache or a
 * page of 1,000 big orders would hold the central's event loop, and every other request
 * with it. List reads go to `size` threads instead, each with its own read-only connection
 * (WAL: readers see every commit made before they start and never block the writer); writes
 * stay on the group-commit path of the main connection. A read goes to the reader with the
 * fewest in flight.
 */
export function readerPool(file: string, size: number, thread: ReaderThread = {}): ReaderPool {
  const entry = thread.entry ?? threadEntry('readerThread', import.meta.url);
  let nextId = 0;
  let closed = false;
  const readers: Reader[] = Array.from({ length: Math.max(1, size) }, () => {
    const reader: Reader = { worker: startThread(entry, { ...thread.data, file }), pending: new Map() };
    reader.worker.on('message', (response: ReadResponse) => {
      const pending = reader.pending.get(response.id);
      reader.pending.delete(response.id);
      if (reader.pending.size === 0) reader.worker.unref();
      if ('error' in response) pending?.reject(new ReaderError(response.error));
      else pending?.resolve(response.page);
    });
    // A reader that dies fails its reads; the next read to it fails too, rather than hang.
    const fail = (error: Error) => {
      for (const p of reader.pending.values()) p.reject(error);
      reader.pending.clear();
    };
    reader.worker.on('error', fail);
    reader.worker.on('exit', (code) => fail(new ReaderError(`reader thread exited (${code})`)));
    reader.worker.unref();
    return reader;
  });

  function read<P extends AnyPage>(request: Omit<ReadRequest, 'id'>): Promise<P> {
    if (closed) return Promise.reject(new ReaderError('the reader pool is closed'));
    const reader = readers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = ++nextId;
    return new Promise<P>((resolve, reject) => {
      // A read in flight keeps the process alive; an idle pool does not.
      if (reader.pending.size === 0) reader.worker.ref();
      reader.pending.set(id, { resolve: resolve as (page: AnyPage) => void, reject });
      reader.worker.postMessage({ ...request, id });
    });
  }

  return {
    listOrders: (filter, limit, after) => read<Page>({ kind: 'orders', filter, limit, after }),
    listJoined: (filter, limit, after) => read<JoinedPage>({ kind: 'joined', filter, limit, after }),
    listDeletions: (filter, limit, after) => read<DeletedPage>({ kind: 'deletions', filter, limit, after }),
    async close() {
      closed = true;
      await Promise.all(readers.map((r) => r.worker.terminate()));
    },
  };
}
