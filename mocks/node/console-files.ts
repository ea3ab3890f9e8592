// The console (docs/control-api.md, "The console"): /__mock/ui and Swagger UI, all from this server (vendored
// in mocks/console/vendor/, so no install script), held to it by the CSP below; files read on first request.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
// The whole document, prose included (the runtime's copy has none): the reference renders it.
import document from '../../openapi/generated/openapi.json' with { type: 'json' };
import { apiError } from '../common/errors.ts';

const CONSOLE_PATH = '/__mock/ui';

export interface ConsoleAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** A file the page may load: the package it lives in and its path there. */
type Asset = readonly [pkg: string, file: string];

// Read through the kit's self-reference (as cli/args.ts reads the version): one lookup from mocks/ and dist/mocks/.
const ASSETS: Readonly<Record<string, Asset>> = {
  '': ['workflow-api-mock-kit', 'mocks/console/index.html'],
  'console.js': ['workflow-api-mock-kit', 'mocks/console/console.js'],
  'console.css': ['workflow-api-mock-kit', 'mocks/console/console.css'],
  'swagger-ui-bundle.js': ['workflow-api-mock-kit', 'mocks/console/vendor/swagger-ui-bundle.js'],
  'swagger-ui.css': ['workflow-api-mock-kit', 'mocks/console/vendor/swagger-ui.css'],
};

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
};

// Swagger UI sets inline styles and uses data: images; nothing may come from another origin.
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

const cache = new Map<string, Buffer>();
const require = createRequire(import.meta.url);

function read([pkg, file]: Asset): Buffer {
  const key = `${pkg}/${file}`;
  let bytes = cache.get(key);
  if (bytes === undefined) {
    bytes = readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file));
    cache.set(key, bytes);
  }
  return bytes;
}

let documentJson: string | undefined;

function errorAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ConsoleAnswer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

const redirect = (location: string): ConsoleAnswer => ({ status: 302, headers: { location }, body: '' });

/**
 * The answer to a request for the console, or undefined when `path` is not the console's (`/`,
 * `/__mock/ui` and below): the caller hands those to the app. `query` is the raw query, without `?`.
 *
 * @example
 * const answer = consoleAnswer('GET', '/', 'token=dev-token'); // 302 to /__mock/ui/?token=dev-token
 */
export function consoleAnswer(method: string, path: string, query: string): ConsoleAnswer | undefined {
  const reading = method === 'GET' || method === 'HEAD';
  // Only a browser's GET of `/` is the console's; anything else there stays the app's (a 404).
  if (path === '/' && !reading) return undefined;
  if (path === '/' || path === CONSOLE_PATH) return redirect(`${CONSOLE_PATH}/${query === '' ? '' : `?${query}`}`);
  if (!path.startsWith(`${CONSOLE_PATH}/`)) return undefined;
  if (!reading) {
    const error = apiError('method_not_allowed', `${method} is not allowed on the console; use GET`);
    return errorAnswer(error.status, error.body, { allow: 'GET, HEAD' });
  }
  const name = path.slice(CONSOLE_PATH.length + 1);
  const headers = { 'cache-control': 'no-cache', 'content-security-policy': CSP, 'x-content-type-options': 'nosniff' };
  if (name === 'openapi.json') {
    documentJson ??= JSON.stringify(document);
    return { status: 200, headers: { ...headers, 'content-type': TYPES.json! }, body: documentJson };
  }
  // Own entries only: `constructor`, `__proto__` and `toString` are names too, of every object.
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (asset === undefined) {
    const error = apiError('not_found', `No console file ${path}; the console is at ${CONSOLE_PATH}/`, { path });
    return errorAnswer(error.status, error.body);
  }
  const extension = asset[1].slice(asset[1].lastIndexOf('.') + 1);
  return { status: 200, headers: { ...headers, 'content-type': TYPES[extension]! }, body: read(asset) };
}
