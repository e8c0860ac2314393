import type { CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import { CardBlocks } from './blocks';
import { cardHandlers, type CardDeps } from './handlers';

/**
 * The card service (docs/counter.md §22): its channels, and the hook each sync round runs
 * once the central answered: the blocks made offline are sent.
 */
export function cardsArea(deps: Omit<CardDeps, 'blocks' | 'client'> & { db: CounterDb; client: () => CentralClient }) {
  const blocks = new CardBlocks(deps.db, deps.client, deps.newId, deps.now);
  return { handlers: cardHandlers({ ...deps, blocks }), sendBlocks: () => blocks.sendAll() };
}
