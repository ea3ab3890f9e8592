// Swagger UI's two browser files and licence, copied into mocks/console/vendor/ from the swagger-ui-dist
// devDependency (docs/control-api.md, "The console"): `npm run vendor` writes them, `--check` exits 1 when stale.
// To update Swagger UI: bump swagger-ui-dist in package.json, npm install, npm run vendor, commit.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TARGET = join(ROOT, 'mocks', 'console', 'vendor');
/** What the console loads, and what the licence asks to travel with it. */
export const VENDORED = [
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.LICENSE.txt',
  'swagger-ui.css',
  'LICENSE',
  'NOTICE',
] as const;

const check = process.argv.includes('--check');
const source = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const version = (JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { version: string }).version;
const stale: string[] = [];
const manifest: Record<string, string> = {};
for (const file of VENDORED) {
  const bytes = readFileSync(join(source, file));
  manifest[file] = createHash('sha256').update(bytes).digest('hex');
  const current = (() => {
    try {
      return readFileSync(join(TARGET, file));
    } catch {
      return undefined;
    }
  })();
  if (current?.equals(bytes)) continue;
  stale.push(file);
  if (!check) {
    mkdirSync(TARGET, { recursive: true });
    writeFileSync(join(TARGET, file), bytes);
  }
}
const readme = `# Vendored: Swagger UI ${version}\n\nCopied by \`npm run vendor\` (scripts/vendor-swagger-ui.ts) from the swagger-ui-dist ${version} package, unchanged;\nApache-2.0 (LICENSE, NOTICE; the bundle's third-party notices in swagger-ui-bundle.js.LICENSE.txt).\nThe console (mocks/console/console.js) loads swagger-ui-bundle.js and swagger-ui.css from the mock itself.\n\n| file | sha256 |\n|---|---|\n${Object.entries(
  manifest,
)
  .map(([file, hash]) => `| ${file} | \`${hash}\` |`)
  .join('\n')}\n`;
const readmePath = join(TARGET, 'README.md');
let currentReadme: string | undefined;
try {
  currentReadme = readFileSync(readmePath, 'utf8');
} catch {}
if (currentReadme !== readme) {
  stale.push('README.md');
  if (!check) writeFileSync(readmePath, readme);
}
if (check) {
  if (stale.length > 0) {
    console.error(
      `mocks/console/vendor/ is stale against swagger-ui-dist ${version}: ${stale.join(', ')}\nRun \`npm run vendor\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log(`vendored Swagger UI ${version} is up to date (${VENDORED.length + 1} files checked)`);
} else {
  console.log(
    stale.length > 0
      ? `wrote mocks/console/vendor/: ${stale.join(', ')}`
      : `mocks/console/vendor/ already holds Swagger UI ${version}`,
  );
}
