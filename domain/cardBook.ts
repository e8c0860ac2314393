import type { Fixtures, FixtureTransitToken } from '../shared/schemas/reference';
import { Catalog } from './catalog';
import type { CardStore } from './store/cards';

/** The fixtures' cards with the central's own changes over them: a changed or issued card is the central's (docs/api.md §12). */
export function withCards(fixtures: Fixtures, cards: readonly FixtureTransitToken[]): Fixtures {
  if (cards.length === 0) return fixtures;
  const own = new Map(cards.map((c) => [c.transitTokenId, c]));
  const kept = fixtures.transitTokens.map((t) => own.get(t.transitTokenId) ?? t);
  const known = new Set(fixtures.transitTokens.map((t) => t.transitTokenId));
  return { ...fixtures, transitTokens: [...kept, ...cards.filter((c) => !known.has(c.transitTokenId))] };
}

/**
 * The catalogue the central serves: the fixtures loaded at start with the cards it changed.
 * `refresh` reads the cards again when another process (or this one) changed them since, so
 * a block is seen at once by every process that shares the database (docs/api.md §12.1).
 */
export class CardBook {
  private current: Catalog;
  private revision = -1;

  constructor(
    private readonly fixtures: Fixtures,
    private readonly store: CardStore,
  ) {
    this.current = new Catalog(fixtures);
  }

  catalog = (): Catalog => this.current;

  /** Every card: the fixtures' with `cards` (the central's, as a write found them) over them. */
  allCards(cards: readonly FixtureTransitToken[]): FixtureTransitToken[] {
    return withCards(this.fixtures, cards).transitTokens;
  }

  async refresh(): Promise<Catalog> {
    const revision = await this.store.revision();
    if (revision !== this.revision) {
      const cards = await this.store.cards();
      // Another refresh may have read a later revision meanwhile: the later one stays.
      if (revision > this.revision) {
        this.current = new Catalog(withCards(this.fixtures, cards));
        this.revision = revision;
      }
    }
    return this.current;
  }
}
