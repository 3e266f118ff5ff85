// The cards of the warehouses searches listed lately, in this instance's memory, so that a
// search of a place searched before reads no card from PostgreSQL (decision 066).
//
// It lives beside the search index and is kept current by the same notifications: the index
// forgets the cards of the warehouses a notification names, and every card when it reads
// everything again or loses its notifications. Migration 0044 makes the notifications cover
// what a card shows beyond what the search filters on (name, address, the owner's approval).
// A read from PostgreSQL that a notification overtook is not kept: it may hold the row as it
// was before the change (the generation tells).
import type { Database } from "../db/database.ts";
import { findSearchCards, type SearchCard } from "./search.queries.ts";

/** Cards kept: about 25 MB, the lists of a few hundred places. */
export const MAX_CARDS = 50_000;

export class CardCache {
  private cards = new Map<number, SearchCard>();
  private generation = 0;
  private max: number;

  constructor(max = MAX_CARDS) {
    this.max = max;
  }

  get size(): number {
    return this.cards.size;
  }

  /** The listed warehouses' cards among `ids` (a withdrawn one is left out), from memory or from PostgreSQL. */
  async read(db: Database, ids: number[]): Promise<SearchCard[]> {
    const found: SearchCard[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const card = this.cards.get(id);
      if (!card) {
        missing.push(id);
        continue;
      }
      // Most recently used last.
      this.cards.delete(id);
      this.cards.set(id, card);
      found.push(card);
    }
    if (missing.length === 0) return found;
    const generation = this.generation;
    const rows = await findSearchCards(db, missing);
    if (generation === this.generation) {
      for (const row of rows) this.cards.set(row.id, row);
      this.evict();
    }
    for (const row of rows) found.push(row);
    return found;
  }

  /** The cards of warehouses that changed (and no read under way may keep what it read). */
  forget(ids: Iterable<number>): void {
    this.generation += 1;
    for (const id of ids) this.cards.delete(id);
  }

  /** Every card (everything was read again, or changes may have been missed). */
  clear(): void {
    this.generation += 1;
    this.cards.clear();
  }

  private evict() {
    if (this.cards.size <= this.max) return;
    let over = this.cards.size - this.max;
    for (const id of this.cards.keys()) {
      if (over-- <= 0) break;
      this.cards.delete(id);
    }
  }
}
