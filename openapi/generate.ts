// Everything derived from openapi/openapi.yaml is produced here, in memory, so that the same
// function serves `npm run generate` (write) and the staleness check (compare).
import openapiTS, { astToString } from 'openapi-typescript';
import { escapePointer } from './json-pointer.ts';
import { loadDocument } from './load-document.ts';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

const GENERATED_MARKER = 'GENERATED FILE - do not edit. Source: openapi/openapi.yaml; regenerate with `npm run generate`.';

const HEADER = (what: string) =>
  `// GENERATED FILE — do not edit. ${what}\n// Source: openapi/openapi.yaml. Regenerate with \`npm run generate\`; \`npm test\` fails when this file is stale.\n`;

export async function buildGeneratedFiles(): Promise<GeneratedFile[]> {
  const document = loadDocument();
  const types = astToString(await openapiTS(structuredClone(document) as never, { alphabetize: false }));
  return [
    { path: 'openapi/generated/schema.ts', content: HEADER('TypeScript types by openapi-typescript.') + '\n' + types },
    {
      // JSON, not a TS object literal: Node parses it an order of magnitude faster at start-up.
      path: 'openapi/generated/openapi.json',
      content: JSON.stringify({ 'x-generated': GENERATED_MARKER, ...document }, null, 2) + '\n',
    },
    {
      path: 'openapi/generated/document.ts',
      content:
        HEADER('The OpenAPI document as a module, so the browser, Node and tests share one parsed copy.') +
        "\nimport json from './openapi.json' with { type: 'json' };\n\n" +
        '// eslint-disable-next-line\nexport const document: Record<string, any> = json;\n',
    },
    { path: 'openapi/ASSUMPTIONS.md', content: renderAssumptions(document) },
  ];
}

interface Assumption {
  pointer: string;
  sentence: string;
}

/** Every `x-assumed: true` marker of the document, in document order, with its `x-assumption` sentence. */
export function collectAssumptions(document: unknown): Assumption[] {
  const found: Assumption[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${pointer}/${index}`));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-assumed'] === true) {
      found.push({ pointer: pointer || '/', sentence: String(record['x-assumption'] ?? '').trim() });
    }
    for (const [key, value] of Object.entries(record)) {
      walk(value, `${pointer}/${escapePointer(key)}`);
    }
  };
  walk(document, '');
  return found;
}

function renderAssumptions(document: unknown): string {
  const rows = collectAssumptions(document).map(
    ({ pointer, sentence }) => `| \`${pointer}\` | ${(sentence || '(no sentence: the document test fails on this)').replaceAll('|', '\\|')} |`,
  );
  return [
    '<!-- GENERATED FILE — do not edit. Source: the `x-assumed` markers of openapi/openapi.yaml; regenerate with `npm run generate`. -->',
    '# Assumptions',
    '',
    'Where the spec says "not shown", the document makes an assumption and marks it with `x-assumed: true`',
    `and an \`x-assumption\` sentence. This list is generated from those markers (${rows.length} in all).`,
    '',
    '| where (JSON pointer into openapi.yaml) | what we assumed |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}
