// docs/api.md lists every export of every code entry point of package.json, with its kind: the
// TypeScript checker reads what each entry's source exports (as a user's editor would see it),
// and the page must name exactly those, so a name cannot leave through a door unlisted.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = 'workflow-api-mock-kit';

/** Entry point (`.`, `./msw`) -> exported name -> kind, as the page writes kinds. */
type Listing = Map<string, Map<string, string>>;

/** The source file behind each code entry of package.json's `exports` (`./dist/x.d.ts` -> `x.ts`). */
function entrySources(): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types: string }>;
  };
  const entries = new Map<string, string>();
  for (const [entry, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'object')
      entries.set(entry, join(ROOT, target.types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts')));
  }
  return entries;
}

function kindOf(declaration: ts.Declaration | undefined): string {
  if (declaration === undefined) return 'unknown';
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isVariableDeclaration(declaration)) return 'const';
  if (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) return 'type';
  return ts.SyntaxKind[declaration.kind];
}

function exportedNames(): Listing {
  const entries = entrySources();
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram([...entries.values()], config.options);
  const checker = program.getTypeChecker();
  const listing: Listing = new Map();
  for (const [entry, file] of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    const names = new Map<string, string>();
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      names.set(symbol.getName(), kindOf(target.declarations?.[0]));
    }
    listing.set(entry, names);
  }
  return listing;
}

/** The page's sections (`## \`workflow-api-mock-kit/msw\``) and their rows (`| \`name\` | kind | what for |`). */
function listedNames(page: string): Listing {
  const listing: Listing = new Map();
  let section: Map<string, string> | undefined;
  for (const line of page.split('\n')) {
    const heading = /^## `([^`]+)`$/.exec(line);
    if (heading) {
      const entry = heading[1] === PACKAGE ? '.' : heading[1]!.replace(`${PACKAGE}/`, './');
      section = new Map();
      listing.set(entry, section);
      continue;
    }
    const row = /^\| `([^`]+)` \| (\w+) \| .+ \|$/.exec(line);
    if (row && section) section.set(row[1]!, row[2]!);
  }
  return listing;
}

function differences(exported: Listing, listed: Listing): string[] {
  const found: string[] = [];
  for (const [entry, names] of exported) {
    const page = listed.get(entry);
    if (page === undefined) {
      found.push(`${entry}: docs/api.md has no section for it`);
      continue;
    }
    for (const [name, kind] of names) {
      const written = page.get(name);
      if (written === undefined) found.push(`${entry} exports ${name}, which docs/api.md does not list`);
      else if (written !== kind) found.push(`${entry} ${name} is a ${kind}; docs/api.md says ${written}`);
    }
    for (const name of page.keys())
      if (!names.has(name)) found.push(`docs/api.md lists ${name} under ${entry}, which does not export it`);
  }
  for (const entry of listed.keys())
    if (!exported.has(entry)) found.push(`docs/api.md has a section for ${entry}, which package.json does not export`);
  return found;
}

describe('docs/api.md', () => {
  const exported = exportedNames();
  const listed = listedNames(readFileSync(join(ROOT, 'docs/api.md'), 'utf8'));

  it('lists every export of every entry point, with its kind, and nothing else', () => {
    expect(exported.size).toBeGreaterThanOrEqual(11);
    expect(exported.get('.')?.get('createMock')).toBe('function');
    expect(differences(exported, listed)).toEqual([]);
  });

  it('catches a name exported but not listed, one listed but not exported, a wrong kind and a missing section', () => {
    // Planted on a copy of the page's own listing, so this holds whatever the package exports today.
    const planted: Listing = new Map([...listed].map(([entry, names]) => [entry, new Map(names)]));
    planted.get('.')!.set('plantedExport', 'function');
    planted.get('./msw')!.set('createHandlers', 'class');
    planted.get('./client')!.delete('createApiClient');
    planted.set('./planted', new Map([['x', 'const']]));
    expect(differences(planted, listed)).toEqual([
      '. exports plantedExport, which docs/api.md does not list',
      './msw createHandlers is a class; docs/api.md says function',
      'docs/api.md lists createApiClient under ./client, which does not export it',
      './planted: docs/api.md has no section for it',
    ]);
  });
});
