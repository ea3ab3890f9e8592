// The kit's faker locale subset, mocks/ids/faker-locale.json: the English definitions the kit's faker
// (mocks/ids/world-faker.ts) reads, taken from the pinned devDependency @faker-js/faker by
// `npm run generate` (scripts/generate.ts), so the data is faker's own and follows it on an upgrade.
// A definition the kit starts to read is added to SUBSET, then `npm run generate`; until then tsc
// (the JSON's type) or mocks/factories/locale.test.ts (values against the full locale) fails.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { faker } from '@faker-js/faker/locale/en';
import type { GeneratedFile } from '../openapi/generate.ts';

/** The subset, by path in faker's English `rawDefinitions`: each path names one list. */
const SUBSET = [
  'commerce.product_name.adjective',
  'commerce.product_name.product',
  'company.adjective',
  'company.descriptor',
  'company.legal_entity_type',
  'company.name_pattern',
  'company.noun',
  'hacker.noun',
  'hacker.verb',
  'internet.free_email',
  'internet.user_agent_pattern',
  'lorem.word',
  'person.first_name.female',
  'person.first_name.generic',
  'person.first_name.male',
  'person.last_name.generic',
  'person.last_name_pattern.generic',
  'word.adjective',
  'word.noun',
];

const PATH = 'mocks/ids/faker-locale.json';

/**
 * The locale subset's file: SUBSET's lists verbatim from faker's English locale, nested as faker
 * nests them, keys sorted at every level, laid out as Biome lays it out (`biome check` reads the file
 * too). No marker inside: a key of ours would be data the kit ships; `npm run generate -- --help` names it.
 *
 * @example
 * fakerLocaleFile(); // { path: 'mocks/ids/faker-locale.json', content: '{\n  "commerce": {\n ...' }
 */
export function fakerLocaleFile(): GeneratedFile {
  const english = faker.rawDefinitions as Record<string, unknown>;
  const subset: Record<string, unknown> = {};
  const paths = SUBSET.map((path) => path.split('.')).sort(bySegments);
  for (const path of paths) {
    const list = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], english);
    if (!Array.isArray(list)) throw new Error(`faker's English locale has no list at ${path.join('.')}`);
    let parent = subset;
    for (const key of path.slice(0, -1)) {
      parent[key] ??= {};
      parent = parent[key] as Record<string, unknown>;
    }
    parent[path.at(-1)!] = list;
  }
  return { path: PATH, content: biomeFormat(JSON.stringify(subset, null, 2), PATH) };
}

/** `text` as `biome format` lays out the file at `path` (biome.json): from JSON.stringify's open layout it
 * keeps objects open and puts a list that fits the line width on one line. */
function biomeFormat(text: string, path: string): string {
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  const root = fileURLToPath(new URL('..', import.meta.url));
  const args = [biome, 'format', `--stdin-file-path=${path}`];
  return execFileSync(process.execPath, args, { cwd: root, input: text, encoding: 'utf8' });
}

/** Path order segment by segment, so that inserting in this order sorts the keys of every level. */
function bySegments(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  }
  return a.length - b.length;
}
