import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startThread, threadEntry } from '../threads';
import type { WriteFailure, WriteRequest, WriteResults, WriterAnswer, WriterMessage } from './writes';

/** A write that failed on the writer thread, with PostgreSQL's code and constraint when it had them. */
export class WriterError extends Error {
  readonly code?: string;
  readonly constraint?: string;
  constructor({ message, code, constraint }: WriteFailure) {
    super(message);
    this.code = code;
    this.constraint = constraint;
  }
}

export interface Writer {
  write<R extends WriteRequest>(request: R): Promise<WriteResults[R['kind']]>;
  /** Waits for the writes in flight, then ends the thread and its connection. */
  close(): Promise<void>;
}

interface Pending {
  resolve: (value: WriteResults[keyof WriteResults]) => void;
  reject: (error: Error) => void;
}

/**
 * The PostgreSQL store's writes run on a thread of their own, which holds the group commit
 * (writes.ts). A batch waits on the database once per statement, and on the main thread each
 * reply would also wait for the HTTP work in hand (parsing, checking, answering other
 * requests), so every batch took longer and every write waited for it. On their own thread the
 * batches go at the database's pace while the main thread serves requests. A thread that
 * dies fails the writes it held (as a lost connection does); the next write starts another.
 * `entry` is another thread entry calling serveWrites, for tests; `onBatch` hears each committed
 * batch's size (the central's metrics).
 */
export function writerThread(
  url: string,
  entry: URL = threadEntry('writerThread', import.meta.url),
  onBatch?: (size: number) => void,
): Writer {
  const pending = new Map<number, Pending>();
  const inFlight = new Set<Promise<unknown>>();
  let thread: Worker | undefined;
  let nextId = 0;
  let closed = false;

  function started(): Worker {
    if (thread) return thread;
    const worker = startThread(entry, { url });
    worker.on('message', (answer: WriterAnswer) => {
      if ('batch' in answer) return onBatch?.(answer.batch);
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) worker.unref();
      if ('failure' in answer) waiting?.reject(new WriterError(answer.failure));
      else waiting?.resolve(answer.value);
    });
    const fail = (error: Error) => {
      if (thread === worker) thread = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new WriterError({ message: `the writer thread exited (${code})` })));
    worker.unref();
    return (thread = worker);
  }

  return {
    write<R extends WriteRequest>(request: R): Promise<WriteResults[R['kind']]> {
      if (closed) return Promise.reject(new WriterError({ message: 'the order store is closed' }));
      const worker = started();
      const id = ++nextId;
      const written = new Promise<WriteResults[R['kind']]>((resolve, reject) => {
        // A write in flight keeps the process alive; an idle writer does not.
        if (pending.size === 0) worker.ref();
        pending.set(id, { resolve: resolve as Pending['resolve'], reject });
        worker.postMessage({ id, request } satisfies WriterMessage);
      });
      inFlight.add(written);
      const settled = () => void inFlight.delete(written);
      written.then(settled, settled);
      return written;
    },
    async close() {
      closed = true;
      await Promise.allSettled(inFlight);
      const worker = thread;
      if (!worker) return;
      const exited = once(worker, 'exit');
      worker.postMessage({ close: true } satisfies WriterMessage);
      await exited;
    },
  };
}
