// Bundles page-entry.ts with Vite (in memory) and serves it, with MSW's worker script, from a
// loopback HTTP server: the smallest real setup in which setupWorker can run.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

async function bundle(): Promise<string> {
  const entry = fileURLToPath(new URL('./page-entry.ts', import.meta.url));
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    build: {
      write: false,
      minify: false,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: 'page' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((item) => item.type === 'chunk' && item.isEntry);
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error('vite produced no entry chunk for the browser page');
}

export async function servePage(): Promise<PageServer> {
  const script = await bundle();
  const worker = await readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
  const html = '<!doctype html><meta charset="utf-8"><title>kit</title><script type="module" src="/page.js"></script>';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (type: string, body: string) => res.writeHead(200, { 'content-type': type }).end(body);
    if (path === '/') return send('text/html', html);
    if (path === '/page.js') return send('text/javascript', script);
    if (path === '/mockServiceWorker.js') return send('text/javascript', worker);
    // Anything else reaching the network means the worker did not intercept it.
    res.writeHead(599, { 'content-type': 'text/plain' }).end(`not intercepted: ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
