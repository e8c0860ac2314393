import { serveReads } from './reader';

/** The entry of a reader thread (readers.ts). */
serveReads();
