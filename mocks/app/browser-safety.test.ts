// mocks/msw.ts and the `/browser` entry (mocks/browser.ts) must work in a page: nothing they
// import, directly or through other project files, may be a Node built-in (node:crypto, node:http,
// fs...).
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Static `import ... from 'x'` / `export ... from 'x'` / side-effect `import 'x'`, type-only ones excluded.
const IMPORT = /^\s*(import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importGraph(entry: string): { files: string[]; packages: Map<string, string> } {
  const files: string[] = [];
  const packages = new Map<string, string>(); // specifier -> first importer
  const queue = [resolve(ROOT, entry)];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    files.push(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(IMPORT)].map((m) => m[2]!).concat([...source.matchAll(DYNAMIC)].map((m) => m[1]!));
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else if (!packages.has(specifier)) packages.set(specifier, file.slice(ROOT.length + 1));
    }
  }
  return { files, packages };
}

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function nodeOnlyImports(entry: string): Array<[string, string]> {
  const { packages } = importGraph(entry);
  return [...packages].filter(([specifier]) => builtins.has(specifier) || specifier.startsWith('node:') || specifier.startsWith('msw/node'));
}

describe('browser safety of the MSW adapter and the /browser entry', () => {
  it('pulls in the whole fake (app, store, validator, delivery engine) and no Node built-in', () => {
    const { files } = importGraph('mocks/msw.ts');
    const relative = files.map((file) => file.slice(ROOT.length + 1));
    // The walk really follows the graph: these are all reached from mocks/msw.ts.
    for (const expected of ['mocks/index.ts', 'mocks/app/app.ts', 'mocks/store/index.ts', 'openapi/validation.ts', 'mocks/webhooks/delivery.ts', 'mocks/store/persist.ts']) {
      expect(relative).toContain(expected);
    }
    expect(nodeOnlyImports('mocks/msw.ts'), 'Node-only imports reachable from mocks/msw.ts').toEqual([]);
  });

  it('the /browser entry reaches the handlers and msw/browser, and no Node built-in', () => {
    const { files, packages } = importGraph('mocks/browser.ts');
    expect(files.map((file) => file.slice(ROOT.length + 1))).toContain('mocks/msw.ts');
    expect(packages.has('msw/browser')).toBe(true);
    expect(nodeOnlyImports('mocks/browser.ts'), 'Node-only imports reachable from mocks/browser.ts').toEqual([]);
  });

  it('the walker does see Node imports where they are (mocks/server.ts)', () => {
    const { packages } = importGraph('mocks/server.ts');
    expect(packages.has('node:http')).toBe(true);
  });
});
