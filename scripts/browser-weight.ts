// `node scripts/browser-weight.ts`: what a page pays for the kit's MSW handlers beyond msw, as docs/performance.md
// ("How `npm run bench` measures them", 5) describes it; `npm run bench -- --only weight` judges it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string) => JSON.stringify(ROOT + path);
const APPS: Record<string, string> = {
  'msw only': `import { setupWorker } from 'msw/browser'; import { http, HttpResponse } from 'msw';
    setupWorker(http.get('/x', () => HttpResponse.json({}))).start();`,
  'kit /msw': `import { setupWorker } from 'msw/browser'; import { createHandlers } from ${at('mocks/msw/handlers.ts')};
    setupWorker(...createHandlers()).start();`,
  'kit /browser': `import { startMockWorker } from ${at('mocks/msw/browser.ts')}; startMockWorker();`,
};

export interface AppWeight {
  name: string;
  minBytes: number;
  gzipBytes: number;
  /** gzipBytes minus the msw-only app's (0 for that app). */
  beyondMswGzip: number;
  /** Gzip bytes of the chunks only import() reaches. */
  onUseGzip: number;
}

const ENTRY = '\0browser-weight-entry';
const entry = (code: string): Plugin => ({
  name: 'browser-weight-entry',
  resolveId: (id) => (id === ENTRY ? id : null),
  load: (id) => (id === ENTRY ? code : null),
});
// JSON as `export default <the JSON>`, as the figures of docs/performance.md were measured (Vite's own
// plugin makes a large file a JSON.parse string, about 2 kB more gzip).
const json: Plugin = {
  name: 'browser-weight-json',
  enforce: 'pre',
  load: (id) =>
    id.endsWith('.json') ? { code: `export default ${readFileSync(id, 'utf8')};`, moduleType: 'js' } : null,
};
const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

async function weigh(name: string, code: string): Promise<Omit<AppWeight, 'beyondMswGzip'>> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    mode: 'production',
    plugins: [entry(code), json],
    build: { write: false, minify: true, rolldownOptions: { input: ENTRY } },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .flatMap((item) => (item.type === 'chunk' ? [item] : []));
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const atStart = new Set<string>();
  const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (!atStart.has(file)) queue.push(...(byName.get(file)?.imports ?? []));
    atStart.add(file);
  }
  const text = (start: boolean) =>
    chunks
      .filter((chunk) => atStart.has(chunk.fileName) === start)
      .map((chunk) => chunk.code)
      .join('\n');
  const onUse = text(false);
  return {
    name,
    minBytes: Buffer.byteLength(text(true)),
    gzipBytes: gzip(text(true)),
    onUseGzip: onUse ? gzip(onUse) : 0,
  };
}

/** Every app of APPS, weighed; the first is the msw-only baseline. */
export async function measureWeights(): Promise<AppWeight[]> {
  const apps: AppWeight[] = [];
  for (const [name, code] of Object.entries(APPS)) {
    const app = await weigh(name, code);
    apps.push({ ...app, beyondMswGzip: app.gzipBytes - (apps[0]?.gzipBytes ?? app.gzipBytes) });
  }
  return apps;
}

/** One line per app, in kB. */
export function weightLines(apps: AppWeight[]): string[] {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return apps.map(
    (app) =>
      `${app.name}: ${kB(app.minBytes)} min, ${kB(app.gzipBytes)} gzip` +
      (app.name === 'msw only' ? '' : `, ${kB(app.beyondMswGzip)} beyond msw`) +
      (app.onUseGzip > 0 ? `; ${kB(app.onUseGzip)} more loaded on use` : ''),
  );
}

if (import.meta.main) console.log(weightLines(await measureWeights()).join('\n'));
