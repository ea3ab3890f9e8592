// `node scripts/browser-weight.ts`: what a frontend app pays, minified + gzip, for the kit's MSW
// handlers (and the `/browser` entry), per dependency. A measurement, not a gate; `--help` for details.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'vite';
import { median } from './bench/stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => JSON.stringify(ROOT + path);

export const HELP = `Usage: node scripts/browser-weight.ts [--json] [--startup] [--runs N]

Builds minimal apps in memory with Vite's build() (the project's vite, production mode, minify on,
nothing written) and reports, per app, the minified and gzip (level 9) size of everything it
loads at start (the entry chunk and the chunks it imports statically), and per dependency where
those bytes go; chunks only import() reaches (loaded when that code runs) are listed apart,
"loaded on use":

  msw only      setupWorker (msw/browser) with one http handler: the baseline any MSW user pays
  kit /msw      setupWorker(...createHandlers()) from mocks/msw/handlers.ts
  kit /browser  startMockWorker() from mocks/msw/browser.ts (when that entry exists)
  client        createApiClient() from openapi/client.ts alone (openapi-fetch)

"beyond msw" is the exact gzip size of the app minus that of the msw-only app: what the kit adds.
Per-dependency bytes come from the bundle's source map (every minified character belongs to the
source file its mapping segment names); a dependency's gzip figure compresses its own bytes on
their own, so those figures do not add up exactly to the app's total. Packages that the msw-only
app also bundles count as msw.

  --json       print the measurements as JSON instead of tables
  --startup    also time createMock() in fresh Node processes (import, createMock, first world and
               first request), median of --runs processes (default 9), with Node's compile cache
               warmed by one uncounted run first, as the CLI (cli/bin.ts) runs
  --runs N     processes for --startup
  --help       this text
`;

interface Scenario {
  name: string;
  /** Module source of the app's entry. */
  code: string;
  /** Only measured when this file exists (the /browser entry may not exist in older trees). */
  requires?: string;
  /** Compare with the msw-only app ("beyond msw"). */
  withMsw: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'msw only',
    code: `import { setupWorker } from 'msw/browser'; import { http, HttpResponse } from 'msw';
      setupWorker(http.get('/x', () => HttpResponse.json({}))).start();`,
    withMsw: true,
  },
  {
    name: 'kit /msw',
    code: `import { setupWorker } from 'msw/browser'; import { createHandlers } from ${at('mocks/msw/handlers.ts')};
      setupWorker(...createHandlers()).start();`,
    withMsw: true,
  },
  {
    name: 'kit /browser',
    code: `import { startMockWorker } from ${at('mocks/msw/browser.ts')}; startMockWorker();`,
    requires: 'mocks/msw/browser.ts',
    withMsw: true,
  },
  {
    name: 'client',
    code: `import { createApiClient } from ${at('openapi/client.ts')};
      globalThis.client = createApiClient({ baseUrl: '/v1', token: 't' });`,
    withMsw: false,
  },
];

export interface GroupWeight {
  group: string;
  minBytes: number;
  /** gzip of this group's bytes compressed on their own. */
  gzipBytes: number;
}

export interface AppWeight {
  name: string;
  minBytes: number;
  gzipBytes: number;
  /** gzipBytes minus the msw-only app's gzipBytes (absent for the msw-only app itself). */
  beyondMswGzip?: number;
  groups: GroupWeight[];
  /** Chunks only `import()` reaches (loaded when a feature is used, not at start; not in the figures above): their own min and gzip bytes. */
  onUse?: { minBytes: number; gzipBytes: number; groups: GroupWeight[] };
}

export interface StartupWeight {
  runs: number;
  importMs: number;
  createMockMs: number;
  firstRequestMs: number;
  totalMs: number;
}

const ENTRY_ID = '\0browser-weight-entry';

function entryPlugin(code: string): Plugin {
  return {
    name: 'browser-weight-entry',
    resolveId: (id) => (id === ENTRY_ID ? id : null),
    load: (id) => (id === ENTRY_ID ? code : null),
  };
}

/**
 * Vite's JSON modules carry no source map, which would leave the OpenAPI document's bytes
 * unattributed: load JSON files as `export default <the JSON>` (what Vite's JSON plugin makes of
 * them too) with a map that has a segment at every value boundary (the minifier keeps only the
 * mappings it finds at the tokens it prints).
 */
const mapJson: Plugin = {
  name: 'browser-weight-json-map',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('.json')) return null;
    const code = `export default ${readFileSync(id, 'utf8').trim()};\n`;
    const mappings = code.split('\n').map((line, index) => {
      const segments = [index === 0 ? 'AAAA' : 'AACA'];
      let previous = 0;
      for (let column = 1; column < line.length; column++) {
        if (!'{[,:'.includes(line[column - 1]!)) continue;
        segments.push(`${vlq(column - previous)}AA${vlq(column - previous)}`);
        previous = column;
      }
      return segments.join(',');
    });
    return { code, moduleType: 'js', map: { version: 3, sources: [id], names: [], mappings: mappings.join(';') } };
  },
};

interface BuiltChunk {
  code: string;
  map: { sources: string[]; mappings: string };
  /** Only reached through `import()`: the page loads it when that code runs, not at start. */
  onUse: boolean;
}

async function bundle(code: string): Promise<BuiltChunk[]> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    mode: 'production',
    plugins: [entryPlugin(code), mapJson],
    build: { write: false, minify: true, sourcemap: true, rolldownOptions: { input: ENTRY_ID } },
  });
  const chunks: BuiltChunk[] = [];
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) continue;
    const built = result.output.filter((item) => item.type === 'chunk');
    // Loaded at start: the entry chunk and every chunk it reaches by static imports.
    const byName = new Map(built.map((chunk) => [chunk.fileName, chunk]));
    const atStart = new Set<string>();
    const queue = built.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
    while (queue.length > 0) {
      const name = queue.pop()!;
      if (atStart.has(name)) continue;
      atStart.add(name);
      queue.push(...(byName.get(name)?.imports ?? []));
    }
    for (const item of built) {
      if (item.map === null) throw new Error(`vite produced no source map for ${item.fileName}`);
      chunks.push({
        code: item.code,
        map: { sources: item.map.sources, mappings: item.map.mappings },
        onUse: !atStart.has(item.fileName),
      });
    }
  }
  if (chunks.length === 0) throw new Error('vite produced no chunk');
  return chunks;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    const digit = rest & 31;
    rest >>>= 5;
    out += BASE64[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return out;
}

/** Decodes one source-map `mappings` line into [generatedColumn, sourceIndex | -1] pairs. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64_VALUE.get(char);
      if (digit === undefined) throw new Error(`bad source map character ${char}`);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
      } else {
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    column += fields[0]!;
    if (fields.length >= 4) state.source += fields[1]!;
    segments.push([column, fields.length >= 4 ? state.source : -1]);
  }
  return segments;
}

/** The text of a chunk split by the source file each character maps to (unmapped: ''). */
function textBySource(chunk: BuiltChunk): Map<string, string[]> {
  const bySource = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text === '') return;
    const list = bySource.get(source) ?? [];
    list.push(text);
    bySource.set(source, list);
  };
  const lines = chunk.code.split('\n');
  const mappingLines = chunk.map.mappings.split(';');
  const state = { source: 0 };
  lines.forEach((line, index) => {
    const segments = decodeLine(mappingLines[index] ?? '', state);
    if (segments.length === 0) {
      add('', `${line}\n`);
      return;
    }
    add('', line.slice(0, segments[0]![0]));
    segments.forEach(([column, source], i) => {
      const end = i + 1 < segments.length ? segments[i + 1]![0] : line.length;
      add(
        source < 0 ? '' : (chunk.map.sources[source] ?? ''),
        line.slice(column, end) + (i + 1 === segments.length ? '\n' : ''),
      );
    });
  });
  return bySource;
}

/** The npm package a source path belongs to, or null for the kit's own files. */
function packageOf(source: string): string | null {
  const at = source.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = source.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const NAMED_GROUPS: Record<string, string> = {
  ajv: 'ajv + ajv-formats',
  'ajv-formats': 'ajv + ajv-formats',
  'fast-deep-equal': 'ajv + ajv-formats',
  'json-schema-traverse': 'ajv + ajv-formats',
  'fast-uri': 'ajv + ajv-formats',
  'require-from-string': 'ajv + ajv-formats',
  'openapi-fetch': 'openapi-fetch',
};

function groupOf(source: string, mswPackages: Set<string>): string {
  if (source === '') return '(unmapped: bundler glue)';
  const pkg = packageOf(source);
  if (pkg === null) {
    if (/openapi\/generated\/[\w.-]+\.json$/.test(source)) return 'the OpenAPI documents (JSON, without prose)';
    if (source.includes('browser-weight-entry')) return '(the app entry)';
    if (source.endsWith('mocks/ids/faker-locale.json')) return "the kit's faker locale subset";
    return "the kit's own code";
  }
  if (pkg === '@faker-js/faker') {
    // Faker's dist splits into the class + base locale file and one file per locale.
    const file = source.slice(source.lastIndexOf('/') + 1);
    const locale = /^([a-z]{2,3}(?:_[A-Za-z]+)*)-[A-Za-z0-9_]+\.js$/.exec(file)?.[1];
    return locale === undefined || locale === 'base'
      ? '@faker-js/faker: class + base locale'
      : `@faker-js/faker: locale ${locale}`;
  }
  if (mswPackages.has(pkg)) return 'msw (+ its dependencies)';
  return NAMED_GROUPS[pkg] ?? pkg;
}

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

async function measureApp(
  scenario: Scenario,
  mswPackages: Set<string>,
): Promise<{ weight: AppWeight; packages: Set<string> }> {
  const chunks = await bundle(scenario.code);
  const packages = new Set<string>();
  const measure = (part: BuiltChunk[]) => {
    const all = part.map((chunk) => chunk.code).join('\n');
    const groups = new Map<string, string[]>();
    for (const chunk of part) {
      for (const [source, texts] of textBySource(chunk)) {
        const pkg = packageOf(source);
        if (pkg !== null) packages.add(pkg);
        const group = groupOf(source, mswPackages);
        groups.set(group, [...(groups.get(group) ?? []), ...texts]);
      }
    }
    const weights = [...groups].map(([group, texts]) => {
      const text = texts.join('');
      return { group, minBytes: Buffer.byteLength(text), gzipBytes: gzip(text) };
    });
    weights.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { minBytes: Buffer.byteLength(all), gzipBytes: gzip(all), groups: weights };
  };
  const atStart = measure(chunks.filter((chunk) => !chunk.onUse));
  const onUse = chunks.filter((chunk) => chunk.onUse);
  return {
    weight: { name: scenario.name, ...atStart, ...(onUse.length === 0 ? {} : { onUse: measure(onUse) }) },
    packages,
  };
}

export async function measureWeights(): Promise<AppWeight[]> {
  const [baseline, ...rest] = SCENARIOS;
  // First pass: which packages msw brings; second pass groups the baseline by them.
  const { packages: mswPackages } = await measureApp(baseline!, new Set());
  const { weight: base } = await measureApp(baseline!, mswPackages);
  const apps = [base];
  for (const scenario of rest) {
    if (scenario.requires !== undefined && !existsSync(ROOT + scenario.requires)) continue;
    const { weight } = await measureApp(scenario, mswPackages);
    apps.push(scenario.withMsw ? { ...weight, beyondMswGzip: weight.gzipBytes - base.gzipBytes } : weight);
  }
  return apps;
}

const STARTUP_PROBE = `
const t0 = performance.now();
const { createMock } = await import(${at('mocks/index.ts')});
const t1 = performance.now();
const mock = createMock({ sink: { enqueue() { throw new Error('no deliveries'); }, list: () => [], clear() {}, idle: async () => {} } });
const t2 = performance.now();
const response = await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer startup' } });
if (response.status !== 200) throw new Error('GET /v1/users/me answered ' + response.status);
const t3 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, createMockMs: t2 - t1, firstRequestMs: t3 - t2, totalMs: t3 }));
`;

/** createMock() in fresh Node processes: module loading, construction, first world + request. */
export function measureStartup(runs: number): StartupWeight {
  const samples: Array<Omit<StartupWeight, 'runs'>> = [];
  const cache = mkdtempSync(join(tmpdir(), 'browser-weight-cache-'));
  try {
    for (let i = 0; i <= runs; i++) {
      const env = { ...process.env, NODE_COMPILE_CACHE: cache };
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', STARTUP_PROBE], {
        cwd: ROOT,
        encoding: 'utf8',
        env,
      });
      if (child.status !== 0) throw new Error(`start-up probe failed:\n${child.stderr}`);
      // The first run fills the compile cache and is not counted.
      if (i > 0) samples.push(JSON.parse(child.stdout.trim().split('\n').pop()!));
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
  const pick = (key: keyof Omit<StartupWeight, 'runs'>) =>
    Math.round(median(samples.map((sample) => sample[key])) * 10) / 10;
  return {
    runs,
    importMs: pick('importMs'),
    createMockMs: pick('createMockMs'),
    firstRequestMs: pick('firstRequestMs'),
    totalMs: pick('totalMs'),
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatReport(apps: AppWeight[], startup?: StartupWeight): string {
  const lines: string[] = [];
  for (const app of apps) {
    const beyond = app.beyondMswGzip === undefined ? '' : `, ${kB(app.beyondMswGzip)} gzip beyond msw`;
    lines.push(`${app.name}: ${kB(app.minBytes)} min, ${kB(app.gzipBytes)} gzip${beyond}`);
    const width = Math.max(...[...app.groups, ...(app.onUse?.groups ?? [])].map((group) => group.group.length));
    const rows = (groups: GroupWeight[], indent: string) => {
      for (const group of groups)
        lines.push(
          `${indent}${group.group.padEnd(width)}  ${kB(group.minBytes).padStart(9)} min  ${kB(group.gzipBytes).padStart(9)} gzip`,
        );
    };
    rows(app.groups, '  ');
    if (app.onUse !== undefined) {
      lines.push(
        `  loaded on use (import()), not counted above: ${kB(app.onUse.minBytes)} min, ${kB(app.onUse.gzipBytes)} gzip`,
      );
      rows(app.onUse.groups, '    ');
    }
    lines.push('');
  }
  if (startup !== undefined) {
    lines.push(
      `createMock() in Node, median of ${startup.runs} processes: import ${startup.importMs} ms, createMock ${startup.createMockMs} ms, ` +
        `first world + request ${startup.firstRequestMs} ms; ${startup.totalMs} ms from process start`,
    );
  }
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  let values: { json?: boolean; startup?: boolean; runs?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean' },
        startup: { type: 'boolean' },
        runs: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const runs = values.runs === undefined ? 9 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`--runs must be a positive integer, got ${values.runs}\n`);
    return 2;
  }
  const apps = await measureWeights();
  const startup = values.startup ? measureStartup(runs) : undefined;
  process.stdout.write(
    values.json ? `${JSON.stringify({ apps, startup }, null, 2)}\n` : `${formatReport(apps, startup)}\n`,
  );
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
