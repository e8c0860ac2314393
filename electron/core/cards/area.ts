import type { CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import { CardBlocks } from './blocks';
import { cardHandlers, type CardDeps } from './handlers';

/**
 * The card service (docs/counter.md §22): its channels, and the hook each sync round runs
 * once the central answered, before its pushes and again after them: the blocks made offline
 * are sent, those behind a sale on their card after the sales (docs/counter.md §22.2).
 */
export function cardsArea(deps: Omit<CardDeps, 'blocks' | 'client'> & { db: CounterDb; client: () => CentralClient }) {
  // The card as the central has it after a block it took: the counter's cache keeps it.
  const blocks = new CardBlocks(deps.db, deps.client, deps.newId, deps.now, (card) =>
    deps.catalog.remember([card], [], deps.now().toISOString()),
  );
  return { handlers: cardHandlers({ ...deps, blocks }), sendBlocks: () => blocks.sendAll() };
}
