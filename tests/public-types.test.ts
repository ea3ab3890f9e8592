// Every type a consumer meets through the package's API must be importable from an entry point:
// a consumer who gets a WorldSummary from `mock.control.world()` must be able to name it. The
// test walks, with the TypeScript compiler, from each entry point's exports through every type
// their declarations mention, and lists the kit's own named types that no entry point exports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** Entry point -> its source file, from the exports map (dist/x.js is built from x.ts). */
function entrySources(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { default: string }>;
  };
  const entries: Record<string, string> = {};
  for (const [entry, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string') continue; // the document, package.json
    entries[entry] = join(ROOT, target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
  }
  return entries;
}

it('every named type reachable from an entry point is exported by one', () => {
  const entries = entrySources();
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!;
  const program = ts.createProgram(Object.values(entries), { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const ours = (node: ts.Node) => {
    const file = node.getSourceFile().fileName;
    return file.startsWith(ROOT) && !file.includes('/node_modules/') && !file.includes('/openapi/generated/');
  };
  const resolve = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  const exported = new Set<ts.Symbol>();
  const queue: ts.Symbol[] = [];
  for (const file of Object.values(entries)) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      exported.add(resolve(symbol));
      queue.push(resolve(symbol));
    }
  }

  const seen = new Set<ts.Symbol>();
  const missing = new Map<string, string>();
  while (queue.length > 0) {
    const symbol = queue.pop()!;
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    for (const declaration of symbol.declarations ?? []) {
      if (!ours(declaration)) continue;
      // Only what a consumer sees: signatures and type shapes, not function bodies or initialisers.
      const visit = (node: ts.Node): void => {
        if (ts.isBlock(node) || (ts.isVariableDeclaration(node) && node.type === undefined && node.initializer)) return;
        if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
          const target = checker.getSymbolAtLocation(ts.isTypeReferenceNode(node) ? node.typeName : node.expression);
          if (target) {
            const resolved = resolve(target);
            const declared = resolved.declarations?.[0];
            const isTypeParameter = declared !== undefined && ts.isTypeParameterDeclaration(declared);
            if (declared && ours(declared) && !isTypeParameter) {
              if (!exported.has(resolved))
                missing.set(
                  resolved.getName(),
                  `${declared.getSourceFile().fileName.slice(ROOT.length + 1)} (used by ${symbol.getName()})`,
                );
              queue.push(resolved);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(declaration);
    }
  }
  expect(Object.fromEntries(missing)).toEqual({});
});
