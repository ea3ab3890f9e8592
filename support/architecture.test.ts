// The layering of docs/architecture.md ("Which folder may import which", "Every runtime file",
// "Browser safety"), checked on the real files: every "never" of the import table is a rule below,
// the layers' order forbids any import upward and any import circle, and a failure lists each file
// with the import it must not have. Imports are read with the TypeScript parser (comments and
// strings cannot fool it), type-only ones included: a layer that names another's types depends on it.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['mocks', 'openapi', 'cli', 'contracts', 'scripts', 'support', 'tests', 'docs'];

interface Import {
  specifier: string;
  /** Repository-relative path for a relative specifier, else the specifier itself. */
  target: string;
  typeOnly: boolean;
  /** `import('...')`: loaded when the code runs, its own chunk in a page's bundle. */
  dynamic?: boolean;
}

interface SourceFile {
  path: string;
  imports: Import[];
}

/** Static imports and re-exports, and `import('...')` with a literal, of one module. */
function importsOf(path: string, source: string): Import[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic = false) =>
    found.push({
      specifier,
      typeOnly,
      dynamic,
      target: specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(path), specifier)) : specifier,
    });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.importClause?.isTypeOnly ?? false);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument !== undefined && ts.isStringLiteralLike(argument)) add(argument.text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A planted module for the self-checks: `path` as if it held `source`. */
const fake = (path: string, source: string): SourceFile => ({ path, imports: importsOf(path, source) });

function sourceFiles(): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'consumer' ? [] : walk(path);
      return entry.name.endsWith('.ts') ? [path] : [];
    });
  return FOLDERS.flatMap(walk).map((path) => ({
    path,
    imports: importsOf(path, readFileSync(join(ROOT, path), 'utf8')),
  }));
}

// ---- what the table's rows and columns name -------------------------------------------------

const under =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const isBuiltin = (imp: Import) => builtins.has(imp.target) || imp.target.startsWith('node:');
const isPackage = (name: string) => (imp: Import) => imp.target === name || imp.target.startsWith(`${name}/`);
const isFile = (test: (path: string) => boolean) => (imp: Import) => imp.specifier.startsWith('.') && test(imp.target);

/** Tests and test configuration: free to import anything (they are not part of any layer). */
const isTest = (path: string) =>
  path.endsWith('.test.ts') || under('contracts/self-test')(path) || path.endsWith('vitest.config.ts');
/** The folders whose modules ship in the package (docs/architecture.md, "Test support"). */
const isRuntime = (path: string) => under('mocks', 'openapi', 'cli', 'contracts')(path) && !isTest(path);

const IDS = under('mocks/ids');
const COMMON = under('mocks/common');
const FACTORIES = under('mocks/factories');
const OUTBOUND = under('mocks/outbound');
const STORE = under('mocks/store');
const SCENARIOS = under('mocks/scenarios');
const APP = under('mocks/app');
const NODE = under('mocks/node');
const MSW = under('mocks/msw');
const UPSTREAM = under('mocks/upstream');
const GENERATED = under('openapi/generated');
/** The leaves any layer from the store up may read (mocks/common/): the errors, the defaults, the destination policy. */
const ERRORS = under('mocks/common/errors.ts');
const DEFAULTS = under('mocks/common/defaults.ts');
const DESTINATIONS = under('mocks/common/destinations.ts');
/** The composition root (createMock, mocks/mock.ts) and the root entry that names what users get of it. */
const COMPOSITION = under('mocks/index.ts', 'mocks/mock.ts');
/** The adapters and the composition root that wires the layers (createMock). */
const ADAPTERS = (path: string) => under('mocks/msw', 'mocks/node', 'mocks/playwright')(path) || COMPOSITION(path);
/** The adapters proper (what the upstream step must not reach back into). */
const ADAPTERS_ONLY = under('mocks/msw', 'mocks/node', 'mocks/playwright');
/** The store's faces a module outside it may use: the store, each folder's index.ts, Connect's operations, the Web Storage persistence. */
const STORE_FACES = under(
  'mocks/store/index.ts',
  'mocks/store/api/index.ts',
  'mocks/store/connect/index.ts',
  'mocks/store/connect/operations.ts',
  'mocks/store/world/index.ts',
  'mocks/store/world/persist.ts',
);
const STORE_INTERNALS = "store internals (anything but the store's faces: an index.ts and persist.ts)";
/** The kit's public entry points (package.json's exports). */
const ENTRY_POINTS = under(
  'mocks/index.ts',
  'mocks/msw/handlers.ts',
  'mocks/msw/browser.ts',
  'mocks/node/server.ts',
  'mocks/outbound/signature.ts',
  'openapi/client.ts',
);

type Check = [string, (imp: Import) => boolean];

interface Rule {
  /** The row of the table, as the failure shows it. */
  name: string;
  from: (path: string) => boolean;
  /** The "may import" column: an import that none of these allows is a violation. Absent: anything (but `never`). */
  may?: Check[];
  never: Check[];
}

const own = (test: (path: string) => boolean): Check => ['its own folder', isFile(test)];
const npmPackage: Check = ['npm packages', (imp) => !imp.specifier.startsWith('.') && !isBuiltin(imp)];
const nodeBuiltin: Check = ['Node built-ins', isBuiltin];

const lowerLayers = (...names: Array<'factories' | 'outbound' | 'store' | 'app'>) => {
  const all = { factories: FACTORIES, outbound: OUTBOUND, store: STORE, app: APP };
  return names.map((name): Check => [`mocks/${name}/`, isFile(all[name])]);
};

const RULES: Rule[] = [
  {
    name: 'ids and randomness',
    from: (path) => IDS(path) && !isTest(path),
    may: [own(IDS)],
    never: [...lowerLayers('factories', 'outbound', 'store', 'app'), ['an adapter', isFile(ADAPTERS)]],
  },
  {
    name: 'factories',
    from: (path) => FACTORIES(path) && !isTest(path),
    may: [own(FACTORIES), ['ids and randomness', isFile(IDS)], ['generated types', isFile(GENERATED)], npmPackage],
    never: [...lowerLayers('outbound', 'store', 'app'), ['an adapter', isFile(ADAPTERS)]],
  },
  {
    name: 'the shared leaves (errors, defaults, the destination policy)',
    from: (path) => COMMON(path) && !isTest(path),
    may: [],
    never: [],
  },
  {
    name: 'outbound webhooks',
    from: (path) => OUTBOUND(path) && !isTest(path),
    may: [own(OUTBOUND), ['the destination policy', isFile(DESTINATIONS)]],
    never: [...lowerLayers('factories', 'store', 'app'), ['an adapter', isFile(ADAPTERS)]],
  },
  {
    name: 'store',
    from: (path) => STORE(path) && !isTest(path),
    may: [
      own(STORE),
      ['factories', isFile(FACTORIES)],
      ['ids and randomness', isFile(IDS)],
      ['mocks/common/errors.ts', isFile(ERRORS)],
      ['the DeliverySink type', (imp) => imp.typeOnly && isFile(under('mocks/outbound/types.ts'))(imp)],
      ['generated modules', isFile(GENERATED)],
      npmPackage,
    ],
    never: [
      ...lowerLayers('app'),
      ['an adapter', isFile(ADAPTERS)],
      ['msw', isPackage('msw')],
      ['a Node built-in', isBuiltin],
    ],
  },
  {
    name: 'scenarios',
    from: (path) => SCENARIOS(path) && !isTest(path),
    never: [
      ...lowerLayers('app'),
      [STORE_INTERNALS, isFile((target) => STORE(target) && !STORE_FACES(target))],
      ['an adapter', isFile(ADAPTERS)],
      ['msw', isPackage('msw')],
      ['a Node built-in', isBuiltin],
    ],
  },
  {
    name: 'app',
    from: (path) => APP(path) && !isTest(path),
    may: [
      own(APP),
      ['the store', isFile(STORE)],
      ['openapi/ (validator, generated types, JSON pointers)', isFile(under('openapi'))],
      ['mocks/outbound/ types', (imp) => imp.typeOnly && isFile(OUTBOUND)(imp)],
      ['mocks/common/errors.ts, mocks/common/defaults.ts', isFile((target) => ERRORS(target) || DEFAULTS(target))],
      ['ids and randomness', isFile(IDS)],
    ],
    never: [
      ['an adapter', isFile(ADAPTERS)],
      ['msw', isPackage('msw')],
      ['a Node built-in', isBuiltin],
    ],
  },
  {
    name: 'mocks/index.ts and mocks/mock.ts (createMock)',
    from: COMPOSITION,
    may: [
      [
        'every layer below the adapters',
        isFile((target) => [IDS, FACTORIES, OUTBOUND, STORE, SCENARIOS, APP, ERRORS].some((layer) => layer(target))),
      ],
      own(COMPOSITION),
      ['openapi/', isFile(under('openapi'))],
    ],
    never: [],
  },
  {
    name: 'the upstream step',
    from: (path) => UPSTREAM(path) && !isTest(path),
    may: [
      own(UPSTREAM),
      ['mocks/app/', isFile(APP)],
      ['the Mock type', (imp) => imp.typeOnly && isFile(COMPOSITION)(imp)],
      ['mocks/common/errors.ts', isFile(ERRORS)],
      ['openapi/', isFile(under('openapi'))],
    ],
    never: [
      ['an adapter', isFile(ADAPTERS_ONLY)],
      ['the store', isFile(STORE)],
      ['msw', isPackage('msw')],
      ['a Node built-in', isBuiltin],
    ],
  },
  {
    name: 'MSW adapters',
    from: (path) => MSW(path) && !isTest(path),
    may: [
      own(MSW),
      ['mocks/index.ts, mocks/mock.ts', isFile(COMPOSITION)],
      ['mocks/app/', isFile(APP)],
      ["the store's faces", isFile(STORE_FACES)],
      ['mocks/outbound/', isFile(OUTBOUND)],
      ['mocks/upstream/', isFile(UPSTREAM)],
      ['openapi/ (validator, drift analyzer, generated document)', isFile(under('openapi'))],
      npmPackage,
    ],
    never: [[STORE_INTERNALS, isFile((target) => STORE(target) && !STORE_FACES(target))]],
  },
  {
    name: 'the Node adapter',
    from: (path) => NODE(path) && !isTest(path),
    may: [
      own(NODE),
      ['mocks/index.ts, mocks/mock.ts', isFile(COMPOSITION)],
      ['mocks/app/', isFile(APP)],
      ["the store's faces", isFile(STORE_FACES)],
      ['mocks/outbound/', isFile(OUTBOUND)],
      ['mocks/upstream/', isFile(UPSTREAM)],
      ['mocks/common/', isFile(COMMON)],
      ['openapi/ (generated modules, validator, drift analyzer and report)', isFile(under('openapi'))],
      nodeBuiltin,
      npmPackage,
    ],
    never: [[STORE_INTERNALS, isFile((target) => STORE(target) && !STORE_FACES(target))]],
  },
  {
    name: 'the Playwright fixture',
    from: (path) => under('mocks/playwright')(path) && !isTest(path),
    may: [
      own(under('mocks/playwright')),
      ['mocks/index.ts, mocks/mock.ts', isFile(COMPOSITION)],
      [
        "the Node adapter's server and scenario files",
        isFile(under('mocks/node/server.ts', 'mocks/node/scenario-files.ts')),
      ],
      npmPackage,
    ],
    never: [
      ['the store', isFile(STORE)],
      ['the app', isFile(APP)],
    ],
  },
  {
    name: 'openapi',
    from: (path) => under('openapi')(path) && !isTest(path),
    // Node built-ins only in the generator's side (load-document.ts); what a page reaches is checked from validator.ts below.
    may: [own(under('openapi')), npmPackage, nodeBuiltin],
    never: [
      ['mocks/', isFile(under('mocks'))],
      ['contracts/', isFile(under('contracts'))],
      ['cli/', isFile(under('cli'))],
    ],
  },
  {
    name: 'contracts',
    from: (path) => under('contracts')(path) && !isTest(path),
    may: [
      own(under('contracts')),
      ['openapi/', isFile(under('openapi'))],
      ["the kit's entry points", isFile(ENTRY_POINTS)],
      ['mocks/node/files.ts (reports written whole)', isFile(under('mocks/node/files.ts'))],
      npmPackage,
      nodeBuiltin,
    ],
    never: [
      ['the store', isFile(STORE)],
      ['the app', isFile(APP)],
      ['cli/', isFile(under('cli'))],
    ],
  },
  {
    name: 'the command line',
    from: (path) => under('cli')(path) && !isTest(path),
    may: [
      own(under('cli')),
      ["the kit's entry points", isFile(ENTRY_POINTS)],
      [
        "the Node adapter's server, checking fetch, CORS, whole-file writes and MCP face",
        isFile(
          under(
            'mocks/node/server.ts',
            'mocks/node/fetch.ts',
            'mocks/node/cors.ts',
            'mocks/node/files.ts',
            'mocks/node/mcp.ts',
          ),
        ),
      ],
      ['mocks/outbound/', isFile(OUTBOUND)],
      [
        'mocks/common/defaults.ts, mocks/common/destinations.ts',
        isFile((target) => DEFAULTS(target) || DESTINATIONS(target)),
      ],
      ['mocks/upstream/ (drift reads HAR, serve checks --live and --match)', isFile(UPSTREAM)],
      ['openapi/', isFile(under('openapi'))],
      ['contracts/', isFile(under('contracts'))],
      nodeBuiltin,
      npmPackage,
    ],
    never: [
      ['the store', isFile(STORE)],
      ['the app', isFile(APP)],
    ],
  },
  {
    name: 'mocks (nothing imports the command line back)',
    from: (path) => under('mocks')(path) && !isTest(path),
    never: [['cli/', isFile(under('cli'))]],
  },
  {
    name: 'runtime folders',
    from: isRuntime,
    never: [
      ['support/', isFile(under('support'))],
      ['tests/', isFile(under('tests'))],
      ['scripts/', isFile(under('scripts'))],
      ['a *.test.ts', isFile((target) => target.endsWith('.test.ts'))],
      // The kit's own faker stands in for it (mocks/ids/world-faker.ts); tests compare the two.
      ['@faker-js/faker', isPackage('@faker-js/faker')],
    ],
  },
  {
    name: 'mocks and openapi (what the entry points reach)',
    from: (path) => under('mocks', 'openapi')(path) && !isTest(path),
    never: [['vitest', isPackage('vitest')]],
  },
  { name: 'contracts, tests included', from: under('contracts'), never: [['scripts/', isFile(under('scripts'))]] },
];

function violations(files: SourceFile[], rules: Rule[] = RULES): string[] {
  const found: string[] = [];
  for (const rule of rules) {
    for (const file of files.filter((f) => rule.from(f.path))) {
      for (const imp of file.imports) {
        const never = rule.never.filter(([, forbidden]) => forbidden(imp));
        for (const [what] of never) found.push(`${file.path} -> ${imp.specifier} (${rule.name} never imports ${what})`);
        if (never.length === 0 && rule.may !== undefined && !rule.may.some(([, allowed]) => allowed(imp))) {
          const allowed = rule.may.length === 0 ? 'nothing' : `only ${rule.may.map(([what]) => what).join(', ')}`;
          found.push(`${file.path} -> ${imp.specifier} (${rule.name} may import ${allowed})`);
        }
      }
    }
  }
  return found;
}

// ---- the layers' order and import circles ------------------------------------------------------

/**
 * The layers of docs/architecture.md ("Every runtime file"), lowest first: a runtime file imports
 * its own layer or a lower one, never a higher one. The first layer whose test matches a path is its
 * layer, so a folder's root files can sit above its subfolders (openapi/ above openapi/document/).
 */
const LAYERS: Array<[string, (path: string) => boolean]> = [
  [
    "the document's leaves",
    under(
      'openapi/generated',
      'openapi/json-pointer.ts',
      'openapi/json.ts',
      'openapi/types.ts',
      'openapi/load-document.ts',
    ),
  ],
  ["the document's reading", under('openapi/document')],
  ['checks against the document', under('openapi')],
  ['common leaves', COMMON],
  ['ids and randomness', IDS],
  ['factories', FACTORIES],
  ['outbound webhooks', OUTBOUND],
  ['store', STORE],
  ['scenarios', SCENARIOS],
  ['app', APP],
  ['createMock', COMPOSITION],
  ['the upstream step', UPSTREAM],
  ['adapters', ADAPTERS_ONLY],
  ['contract suites', under('contracts')],
  ['the command line', under('cli')],
];

/** The index in LAYERS of `path`'s layer, or -1 for a file no layer holds. */
const layerOf = (path: string): number => LAYERS.findIndex(([, holds]) => holds(path));

/** Every import of a runtime file into a higher layer than its own (and every runtime file no layer holds). */
function upwardImports(files: SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files.filter((f) => isRuntime(f.path))) {
    const own = layerOf(file.path);
    if (own === -1) {
      found.push(`${file.path} is in no layer`);
      continue;
    }
    for (const imp of file.imports.filter((i) => i.specifier.startsWith('.') && isRuntime(i.target))) {
      const target = layerOf(imp.target);
      if (target > own)
        found.push(
          `${file.path} -> ${imp.specifier} (${LAYERS[own]![0]} imports the higher layer ${LAYERS[target]![0]})`,
        );
    }
  }
  return found;
}

/**
 * The import circles among runtime files, each as `a -> b -> ... -> a` from its first file in path
 * order (Tarjan's strongly connected components). Type-only imports count, as in the layering: two
 * modules that name each other's types cannot be read, moved or tested apart either.
 */
function importCircles(files: SourceFile[]): string[] {
  const runtime = new Map(files.filter((f) => isRuntime(f.path)).map((f) => [f.path, f]));
  const edges = (path: string) => [
    ...new Set(
      runtime
        .get(path)!
        .imports.filter((imp) => imp.specifier.startsWith('.') && runtime.has(imp.target))
        .map((imp) => imp.target),
    ),
  ];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const connect = (path: string): void => {
    index.set(path, index.size);
    low.set(path, index.get(path)!);
    stack.push(path);
    for (const next of edges(path)) {
      if (!index.has(next)) {
        connect(next);
        low.set(path, Math.min(low.get(path)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(path, Math.min(low.get(path)!, index.get(next)!));
    }
    if (low.get(path) !== index.get(path)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== path);
    if (component.length > 1 || edges(path).includes(path)) circles.push(component);
  };
  for (const path of [...runtime.keys()].sort()) if (!index.has(path)) connect(path);
  // The shortest route from each component's first file back to it (a breadth-first walk inside it).
  return circles.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    let last = start;
    for (let i = 0; i < queue.length; i++) {
      const at = queue[i]!;
      const next = edges(at).filter((target) => members.has(target));
      if (next.includes(start)) {
        last = at;
        break;
      }
      for (const target of next) {
        if (target === start || cameFrom.has(target)) continue;
        cameFrom.set(target, at);
        queue.push(target);
      }
    }
    const route = [start];
    for (let at = last; at !== start; at = cameFrom.get(at)!) route.splice(1, 0, at);
    route.push(start);
    return route.join(' -> ');
  });
}

// ---- every runtime file named in docs/architecture.md -------------------------------------------

/** Folders of generated files, which docs/architecture.md names by the folder alone. */
const GENERATED_FOLDERS = ['openapi/generated'];

interface Listed {
  /** Repository-relative: the file, or a generated folder. */
  path: string;
  /** The layer its folder line gives, `openapi/document/  (the document's reading)`. */
  layer: string;
}

/** What the "Every runtime file" section lists: in its code blocks, a `folder/  (layer)` line, then `  name  what it holds` lines. */
function listedFiles(markdown: string): Listed[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Every runtime file')) ?? '';
  const listed: Listed[] = [];
  let inBlock = false;
  let folder = '';
  let layer = '';
  for (const line of section.split('\n')) {
    if (line.startsWith('```')) inBlock = !inBlock;
    if (!inBlock) continue;
    const header = /^(\S+\/)\s+\((.+)\)$/.exec(line);
    if (header !== null) [, folder = '', layer = ''] = header;
    const entry = /^ {2}(\S+)\s{2,}\S/.exec(line);
    if (entry !== null) listed.push({ path: `${folder}${entry[1]}`.replace(/\/$/, ''), layer });
  }
  return listed;
}

/** Where the list and the tree disagree: a runtime file not listed or listed with another layer, a name that is no runtime file. */
function listProblems(runtime: string[], listed: Listed[]): string[] {
  const problems: string[] = [];
  const byPath = new Map<string, Listed>();
  for (const entry of listed) {
    if (byPath.has(entry.path)) problems.push(`docs/architecture.md names ${entry.path} twice`);
    byPath.set(entry.path, entry);
  }
  for (const path of runtime) {
    const entry = byPath.get(GENERATED_FOLDERS.find((folder) => under(folder)(path)) ?? path);
    const layer = LAYERS[layerOf(path)]?.[0];
    if (entry === undefined) problems.push(`${path} is not in docs/architecture.md`);
    else if (entry.layer !== layer)
      problems.push(`${path}: docs/architecture.md gives the layer (${entry.layer}), LAYERS (${layer})`);
  }
  const named = (path: string) =>
    runtime.includes(path) || (GENERATED_FOLDERS.includes(path) && runtime.some(under(path)));
  for (const { path } of listed)
    if (!named(path)) problems.push(`docs/architecture.md names ${path}, which is not a runtime file`);
  return problems;
}

// ---- browser safety ----------------------------------------------------------------------------

/** Every project file reached from `entry` through imports that survive compilation (not type-only); `staticOnly`: not through `import()` either. */
function valueGraph(
  files: Map<string, SourceFile>,
  entry: string,
  staticOnly = false,
): { files: Set<string>; packages: Map<string, string> } {
  const reached = new Set<string>();
  const packages = new Map<string, string>(); // specifier -> first importer
  const queue = [entry];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (reached.has(path)) continue;
    reached.add(path);
    for (const imp of files.get(path)?.imports ?? []) {
      if (imp.typeOnly || (staticOnly && imp.dynamic === true)) continue;
      if (imp.specifier.startsWith('.')) queue.push(imp.target);
      else if (!packages.has(imp.target)) packages.set(imp.target, path);
    }
  }
  return { files: reached, packages };
}

const BROWSER_ENTRIES = ['mocks/msw/handlers.ts', 'mocks/msw/browser.ts', 'mocks/index.ts', 'openapi/validator.ts'];

function nodeOnly(files: Map<string, SourceFile>, entry: string): string[] {
  return [...valueGraph(files, entry).packages]
    .filter(
      ([specifier]) =>
        builtins.has(specifier) ||
        specifier.startsWith('node:') ||
        isPackage('msw/node')({ specifier, target: specifier, typeOnly: false }),
    )
    .map(([specifier, importer]) => `${importer} -> ${specifier}`);
}

// ---- the optional peers ------------------------------------------------------------------------

/** Vitest and fast-check, optional peers of the package: only the contract runner loads them, on use. */
const CONTRACT_PEERS = ['vitest', 'fast-check'];
/** The runner, which imports them with import() when a run needs them (contracts/runner.ts). */
const CONTRACT_RUNNER = 'contracts/runner.ts';

/** The package's own modules, in source: every code subpath of package.json's exports, and the bin. */
function packageEntries(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { default: string }>;
    bin: Record<string, string>;
  };
  const built = [
    ...Object.values(manifest.exports).map((target) => (typeof target === 'string' ? target : target.default)),
    ...Object.values(manifest.bin),
  ];
  return built
    .filter((path) => path.endsWith('.js'))
    .map((path) => path.replace(/^(\.\/)?dist\//, '').replace(/\.js$/, '.ts'));
}

/**
 * Where `entry` reaches a contract peer through any import (`import()` too), the runner's own
 * imports aside: each as "importer -> package".
 */
function peersReached(files: Map<string, SourceFile>, entry: string): string[] {
  const reached = new Set<string>();
  const found: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (reached.has(path)) continue;
    reached.add(path);
    if (path === CONTRACT_RUNNER) continue;
    for (const imp of files.get(path)?.imports ?? []) {
      if (imp.typeOnly) continue;
      if (imp.specifier.startsWith('.')) queue.push(imp.target);
      else if (CONTRACT_PEERS.some((peer) => isPackage(peer)(imp))) found.push(`${path} -> ${imp.specifier}`);
    }
  }
  return found;
}

// ---- the checks --------------------------------------------------------------------------------

const files = sourceFiles();
const byPath = new Map(files.map((file) => [file.path, file]));

describe('architecture (docs/architecture.md)', () => {
  it('every import respects the layering', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('no runtime file imports a higher layer, and every runtime file is in a layer', () => {
    expect(upwardImports(files)).toEqual([]);
  });

  it('no import circle among runtime files (type-only imports included)', () => {
    expect(importCircles(files)).toEqual([]);
  });

  it('docs/architecture.md names every runtime file with its layer, and no other file', () => {
    const runtime = files.filter((file) => isRuntime(file.path)).map((file) => file.path);
    const listed = listedFiles(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(listed.length).toBeGreaterThan(100);
    expect(listProblems(runtime, listed)).toEqual([]);
  });

  for (const entry of BROWSER_ENTRIES) {
    it(`nothing reachable from ${entry} is a Node built-in or msw/node`, () => {
      expect(nodeOnly(byPath, entry), `Node-only imports reachable from ${entry}`).toEqual([]);
    });
  }

  it("re2js, pact verify's linear-time regex engine, is reached from no browser entry (docs/pact.md)", () => {
    for (const entry of BROWSER_ENTRIES) expect(valueGraph(byPath, entry).packages.has('re2js'), entry).toBe(false);
    expect(valueGraph(byPath, 'cli/pact-verify.ts').packages.has('re2js')).toBe(true);
  });

  it('the walk follows the real graph: mocks/msw/handlers.ts reaches the whole fake, mocks/node/server.ts reaches node:http', () => {
    const reached = valueGraph(byPath, 'mocks/msw/handlers.ts').files;
    for (const expected of [
      'mocks/mock.ts',
      'mocks/app/app.ts',
      'mocks/store/index.ts',
      'openapi/validation.ts',
      'mocks/outbound/delivery.ts',
      'mocks/store/world/persist.ts',
    ]) {
      expect([...reached]).toContain(expected);
    }
    expect(valueGraph(byPath, 'mocks/msw/browser.ts').packages.has('msw/browser')).toBe(true);
    expect(nodeOnly(byPath, 'mocks/node/server.ts')).toContain('mocks/node/server.ts -> node:http');
  });

  it('a page that only mocks does not load the upstream step: mocks/msw/handlers.ts imports it with import() (docs/upstream.md, "In the browser")', () => {
    const eager = valueGraph(byPath, 'mocks/msw/handlers.ts', true).files;
    const lazy = valueGraph(byPath, 'mocks/msw/handlers.ts').files;
    for (const module of [
      'mocks/upstream/msw-step.ts',
      'mocks/upstream/hybrid.ts',
      'mocks/upstream/har.ts',
      'mocks/upstream/replay.ts',
      'openapi/drift.ts',
    ]) {
      expect([...lazy], 'reached through import()').toContain(module);
      expect([...eager], 'reached by a static import').not.toContain(module);
    }
  });

  it("a page loads Connect's operations on its first Connect request and the network half of deliveries on its first delivery: both through import()", () => {
    for (const entry of ['mocks/msw/handlers.ts', 'mocks/msw/browser.ts']) {
      const eager = valueGraph(byPath, entry, true).files;
      const lazy = valueGraph(byPath, entry).files;
      for (const module of [
        'mocks/store/connect/operations.ts',
        'mocks/outbound/send.ts',
        'mocks/common/destinations.ts',
      ]) {
        expect([...lazy], `${entry}: reached through import()`).toContain(module);
        expect([...eager], `${entry}: reached by a static import`).not.toContain(module);
      }
    }
  });

  it('vitest and fast-check (optional peers) are loaded only by the contract runner, with import() when a run needs them', () => {
    const entries = packageEntries();
    expect(entries).toEqual(
      expect.arrayContaining(['cli/bin.ts', 'mocks/msw/handlers.ts', 'mocks/node/server.ts', CONTRACT_RUNNER]),
    );
    for (const entry of entries) expect(peersReached(byPath, entry), entry).toEqual([]);
    // The runner itself loads none of them at module load, and does reach both on use.
    const runner = { eager: valueGraph(byPath, CONTRACT_RUNNER, true), all: valueGraph(byPath, CONTRACT_RUNNER) };
    for (const peer of ['vitest/node', 'fast-check']) {
      expect(runner.eager.packages.has(peer), peer).toBe(false);
      expect(runner.all.packages.has(peer), peer).toBe(true);
    }
    // The walk stops at the runner only: a command module importing vitest is caught.
    const planted = new Map(byPath);
    planted.set('cli/serve.ts', fake('cli/serve.ts', "import { expect } from 'vitest';"));
    expect(peersReached(planted, 'cli/bin.ts')).toEqual(['cli/serve.ts -> vitest']);
  });

  it('the rules catch what they forbid, and only that', () => {
    const broken = [
      fake(
        'mocks/store/leak.ts',
        "import { respond } from '../app/respond.ts';\nimport { createServer } from 'node:http';",
      ),
      fake('mocks/factories/leak.ts', "import type { World } from '../store/world.ts';"),
      fake('mocks/msw-extra.ts', "export { x } from './store/world.ts';"),
      fake('mocks/node/server.ts', "import { pageOf } from '../store/world/pagination.ts';"),
      fake('openapi/leak.ts', "const m = await import('../mocks/index.ts');"),
      fake('cli/leak.ts', "import { startLoopbackReceiver } from '../support/loopback-receiver.ts';"),
      fake('contracts/leak.ts', "import { run } from '../scripts/bench.ts';"),
      fake('mocks/app/leak.ts', "/* import { x } from 'node:fs'; */ const s = \"import { y } from 'node:fs'\";"),
    ];
    expect(violations(broken)).toEqual([
      'mocks/factories/leak.ts -> ../store/world.ts (factories never imports mocks/store/)',
      'mocks/store/leak.ts -> ../app/respond.ts (store never imports mocks/app/)',
      'mocks/store/leak.ts -> node:http (store never imports a Node built-in)',
      "mocks/node/server.ts -> ../store/world/pagination.ts (the Node adapter never imports store internals (anything but the store's faces: an index.ts and persist.ts))",
      'openapi/leak.ts -> ../mocks/index.ts (openapi never imports mocks/)',
      "contracts/leak.ts -> ../scripts/bench.ts (contracts may import only its own folder, openapi/, the kit's entry points, mocks/node/files.ts (reports written whole), npm packages, Node built-ins)",
      expect.stringMatching(
        /^cli\/leak\.ts -> \.\.\/support\/loopback-receiver\.ts \(the command line may import only its own folder, /,
      ),
      'cli/leak.ts -> ../support/loopback-receiver.ts (runtime folders never imports support/)',
      'contracts/leak.ts -> ../scripts/bench.ts (runtime folders never imports scripts/)',
      'contracts/leak.ts -> ../scripts/bench.ts (contracts, tests included never imports scripts/)',
    ]);
  });

  it('the circle and layer checks catch what they forbid, type-only imports included', () => {
    const planted = [
      fake('mocks/store/world/a.ts', "import type { B } from './b.ts';"),
      fake('mocks/store/world/b.ts', "import { c } from '../api/c.ts';"),
      fake('mocks/store/api/c.ts', "export { a } from '../world/a.ts';"),
      fake('mocks/app/d.ts', "const again = await import('./d.ts');"),
      fake('openapi/document/leak.ts', "import { exampleRequests } from '../example-requests.ts';"),
      fake('mocks/store/world/leak.ts', "import type { Mock } from '../../index.ts';"),
      fake('mocks/elsewhere/x.ts', ''),
      // Allowed: a lower layer, the same layer, a test's import of anything.
      fake('mocks/app/fine.ts', "import { ok } from '../common/errors.ts';\nimport { respond } from './respond.ts';"),
      fake('mocks/store/fine.test.ts', "import { createMock } from '../index.ts';"),
    ];
    expect(importCircles(planted)).toEqual([
      'mocks/app/d.ts -> mocks/app/d.ts',
      'mocks/store/api/c.ts -> mocks/store/world/a.ts -> mocks/store/world/b.ts -> mocks/store/api/c.ts',
    ]);
    expect(upwardImports(planted)).toEqual([
      "openapi/document/leak.ts -> ../example-requests.ts (the document's reading imports the higher layer checks against the document)",
      'mocks/store/world/leak.ts -> ../../index.ts (store imports the higher layer createMock)',
      'mocks/elsewhere/x.ts is in no layer',
    ]);
  });

  it('the list of runtime files catches a file missing, one in another layer, and a name of no runtime file', () => {
    const markdown = [
      '## Every runtime file',
      '```text',
      "openapi/  (the document's leaves)",
      '  generated/     the generated modules',
      'mocks/app/  (app)',
      '  a.ts           one',
      '  gone.ts        a file that is not there',
      '  a.test.ts      a test',
      'mocks/store/world/  (app)',
      '  c.ts           a file of the store',
      '```',
      '## Next',
      '```text',
      'mocks/app/  (app)',
      '  b.ts           outside the section',
      '```',
    ].join('\n');
    const runtime = ['mocks/app/a.ts', 'mocks/app/b.ts', 'openapi/generated/schema.ts', 'mocks/store/world/c.ts'];
    expect(listProblems(runtime, listedFiles(markdown))).toEqual([
      'mocks/app/b.ts is not in docs/architecture.md',
      'mocks/store/world/c.ts: docs/architecture.md gives the layer (app), LAYERS (store)',
      'docs/architecture.md names mocks/app/gone.ts, which is not a runtime file',
      'docs/architecture.md names mocks/app/a.test.ts, which is not a runtime file',
    ]);
  });

  it('the allowed column catches an import that no "never" names', () => {
    const outside = [
      // Neither is a lower layer, an adapter, msw nor Node: only the allowed column refuses them.
      fake('mocks/outbound/leak.ts', "import { DEFAULT_PORT } from '../common/defaults.ts';"),
      fake('mocks/app/leak.ts', "import { createDeliveryEngine } from '../outbound/delivery.ts';"),
      fake('cli/leak.ts', "import { keepState } from '../mocks/node/state.ts';"),
      fake('mocks/common/destinations.ts', "import { kindOf } from '../ids/ids.ts';"),
      // Allowed: the same folder, a type-only DeliverySink, the policy from outbound/.
      fake(
        'mocks/store/world/fine.ts',
        "import type { DeliverySink } from '../../outbound/types.ts';\nimport { ok } from '../../common/errors.ts';",
      ),
      fake(
        'mocks/outbound/fine.ts',
        "import { destinationPolicy } from '../common/destinations.ts';\nimport { signPayload } from './signature.ts';",
      ),
    ];
    expect(violations(outside)).toEqual([
      'mocks/common/destinations.ts -> ../ids/ids.ts (the shared leaves (errors, defaults, the destination policy) may import nothing)',
      'mocks/outbound/leak.ts -> ../common/defaults.ts (outbound webhooks may import only its own folder, the destination policy)',
      expect.stringMatching(/^mocks\/app\/leak\.ts -> \.\.\/outbound\/delivery\.ts \(app may import only /),
      expect.stringMatching(/^cli\/leak\.ts -> \.\.\/mocks\/node\/state\.ts \(the command line may import only /),
    ]);
  });
});
