// What the kit costs a consumer (docs/getting-started.md, "Disk"): `npm pack`, then `npm i` of the tarball into an
// empty project; the sizes, the largest packages and every install script.
// Usage: node scripts/install-size.ts [--with PKG ...] [--omit=peer] [--json]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    with: { type: 'string', multiple: true, default: [] },
    omit: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const run = (file: string, args: string[], cwd = ROOT) =>
  execFileSync(file, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** Bytes on disk (du's allocated size, as `du -sh node_modules` shows it). */
const diskBytes = (path: string) => Number(run('du', ['-s', '--block-size=1', path]).split('\t')[0]);

/** Every package directory under node_modules (scoped ones included, nested node_modules too). */
const packages = (modules: string): string[] =>
  readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((s) => `${name}/${s}`) : [name]))
    .flatMap((name) => [
      join(modules, name),
      ...(existsSync(join(modules, name, 'node_modules')) ? packages(join(modules, name, 'node_modules')) : []),
    ]);

const packDir = mkdtempSync(join(tmpdir(), 'kit-size-pack-'));
const project = mkdtempSync(join(tmpdir(), 'kit-size-'));
try {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', packDir]).replace(/^[^[]*/s, ''));
  writeFileSync(join(project, 'package.json'), '{"name":"empty","version":"1.0.0","private":true}');
  // --ignore-scripts: measure what an install brings without running anyone's code; the scripts are listed below.
  const omit = values.omit ? [`--omit=${values.omit}`] : [];
  const tarball = join(packDir, packed[0].filename);
  run('npm', ['i', '--no-audit', '--no-fund', '--ignore-scripts', ...omit, tarball, ...values.with], project);
  const modules = join(project, 'node_modules');
  const all = packages(modules);
  const withScripts = all.flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const scripts = Object.entries<string>(manifest.scripts ?? {}).filter(([name]) =>
      /^(pre|post)?install$/.test(name),
    );
    const list = scripts.map(([name, command]) => `${name}: ${command}`).join('; ');
    return scripts.length > 0 ? [`${manifest.name}@${manifest.version} (${list})`] : [];
  });
  const largest = all
    .map((dir) => relative(modules, dir))
    .filter((name) => !name.includes('node_modules'))
    .map((name) => ({ name, bytes: diskBytes(join(modules, name)) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8);
  const result = {
    date: new Date().toISOString().slice(0, 10),
    variant: [...omit, ...values.with].join(' ') || 'the kit alone',
    tarballBytes: packed[0].size,
    installedBytes: diskBytes(modules),
    packages: all.length,
    installScripts: withScripts,
    largest,
  };
  if (values.json) console.log(JSON.stringify(result, null, 2));
  else {
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(`install size (${result.date}, linux-${process.arch}, Node ${process.version}): ${result.variant}`);
    console.log(`  tarball:   ${(result.tarballBytes / 1e3).toFixed(1)} kB`);
    console.log(`  installed: ${mb(result.installedBytes)} in node_modules, ${result.packages} packages`);
    console.log(`  install scripts: ${withScripts.length}${withScripts.map((line) => `\n    ${line}`).join('')}`);
    console.log(`  largest: ${largest.map((entry) => `${entry.name} ${mb(entry.bytes)}`).join(', ')}`);
  }
} finally {
  rmSync(packDir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
}
