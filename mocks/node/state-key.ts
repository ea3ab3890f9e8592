// Tokens are stored as HMAC-SHA256(key, token) in a state file (docs/worlds.md, "State across restarts"): tokens
// are guessable, so the hash is keyed. The key is STATE_KEY, else FILE.key beside the file (32 bytes, mode 0600).
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

export interface TokenHasher {
  /** HMAC-SHA256 of the token, hex. */
  hash(token: string): string;
  /** Names the key without revealing it (stored in the snapshot: another key is refused with a clear message). */
  readonly keyId: string;
  /** Where the key came from, for messages. */
  readonly source: string;
}

/** A hasher for `key`. */
function tokenHasher(key: string | Buffer, source: string): TokenHasher {
  return {
    hash: (token) => createHmac('sha256', key).update(token).digest('hex'),
    keyId: createHmac('sha256', key).update('workflow-api-mock-kit/state-key-id').digest('hex').slice(0, 16),
    source,
  };
}

/**
 * The key of the state file `path`: `fromEnv` (STATE_KEY) when given, else `path`.key, created
 * (0600) on first use. Throws an Error with the system's code when the key file cannot be read or made.
 *
 * @example
 * const hasher = stateKey('worlds.json', process.env.STATE_KEY);
 * hasher.hash('dev-token'); // '3f1c...' (64 hex digits)
 */
export function stateKey(path: string, fromEnv?: string): TokenHasher {
  if (fromEnv !== undefined && fromEnv !== '') return tokenHasher(fromEnv, 'STATE_KEY');
  const file = `${path}.key`;
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key === '') throw Object.assign(new Error(`the key file ${file} is empty`), { code: 'EKEYEMPTY' });
  return tokenHasher(key, file);
}
