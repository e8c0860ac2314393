import type { channels, HandlersOf } from '../../shared/ipc';

/** Every channel's handler: what the dispatch runs once the gate let a call through; each area returns its own (counter.ts composes them). */
export type Handlers = HandlersOf<typeof channels>;
