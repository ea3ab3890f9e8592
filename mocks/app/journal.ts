// The per-world request journal (`GET /__mock/requests`, docs/control-api.md). It belongs to the app, not
// the store: it records HTTP exchanges, which the store knows nothing about. Bounded per world so
// a benchmark or a long dev session cannot grow it without limit.
import type { JournalEntry } from './types.ts';

export const JOURNAL_LIMIT = 1000;

export interface Journal {
  record(worldKey: string, entry: JournalEntry): void;
  /** Oldest first. */
  list(worldKey: string): JournalEntry[];
  clear(worldKey: string): void;
}

export function createJournal(limit = JOURNAL_LIMIT): Journal {
  const byWorld = new Map<string, JournalEntry[]>();
  return {
    record(worldKey, entry) {
      let entries = byWorld.get(worldKey);
      if (entries === undefined) byWorld.set(worldKey, (entries = []));
      entries.push(entry);
      // Drop in batches rather than one shift per request once the cap is reached.
      if (entries.length > limit * 1.25) entries.splice(0, entries.length - limit);
    },
    list(worldKey) {
      const entries = byWorld.get(worldKey) ?? [];
      return entries.slice(Math.max(0, entries.length - limit));
    },
    clear(worldKey) {
      byWorld.delete(worldKey);
    },
  };
}
