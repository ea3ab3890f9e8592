// Keeps a store's worlds in Web Storage as one snapshot, so a page reload finds them. Nothing here may break the
// app: an unusable storage or snapshot is logged once and the worlds live in memory. No DOM types (tested in Node).
import type { Store } from '../index.ts';

/** The part of the Web Storage API this needs. */
export interface StorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const DEFAULT_STORAGE_KEY = 'workflow-api-mock-kit/worlds';

export interface PersistOptions {
  storage: StorageArea;
  /** Default 'workflow-api-mock-kit/worlds'. */
  key?: string;
  /** Where the storage is, for messages, e.g. 'sessionStorage'. */
  name?: string;
  /** Where problems are reported; console.warn by default. */
  log?: (message: string) => void;
}

export interface Persistence {
  /** What happened on creation: worlds restored, nothing saved yet, or a saved snapshot refused. */
  readonly loaded: { restored: string[] } | { refused: string } | 'empty';
  /** Writes every world now (synchronously). False when the storage refused; that is logged once. */
  save(): boolean;
}

/**
 * Restores the store's worlds from `storage` (when something was saved there) and returns
 * `save()`, which writes them back. Call save() after every change that must survive a reload.
 *
 * @example
 * const persistence = persistStore(storeOf(mock), { storage: sessionStorage, name: 'sessionStorage' });
 * await mock.fetch('/v1/webhooks?url=...', { method: 'POST', headers });
 * persistence.save();
 */
export function persistStore(store: Store, options: PersistOptions): Persistence {
  const key = options.key ?? DEFAULT_STORAGE_KEY;
  const where = `${options.name ?? 'storage'} "${key}"`;
  const log = options.log ?? ((message: string) => console.warn(message));
  const prefix = '[workflow-api-mock-kit]';

  let loaded: Persistence['loaded'] = 'empty';
  let saved: string | null = null;
  try {
    saved = options.storage.getItem(key);
  } catch (error) {
    log(`${prefix} cannot read the saved worlds from ${where}: ${message(error)}; the worlds live in memory only`);
  }
  if (saved !== null) {
    const restored = store.restore(saved);
    if (restored.ok) {
      loaded = { restored: restored.value.tokens };
    } else {
      loaded = { refused: restored.error.message };
      log(
        `${prefix} not restoring the worlds saved in ${where} (${restored.error.code}): ${restored.error.message}. Fresh worlds are seeded instead; the next change replaces what is saved there.`,
      );
    }
  }

  // Logged once per run of failures: a quota error repeats on every save until something frees space.
  let failing = false;
  return {
    loaded,
    save() {
      try {
        options.storage.setItem(key, JSON.stringify(store.snapshot()));
        failing = false;
        return true;
      } catch (error) {
        if (!failing)
          log(
            `${prefix} cannot save the worlds to ${where} (quota exceeded?): ${message(error)}; they live in memory only until a save succeeds`,
          );
        failing = true;
        return false;
      }
    },
  };
}

function message(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
