// `npm run generate [-- --check]`: every generated file, listed by its --help; `--check` (`npm test`) writes none.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGeneratedFiles } from '../openapi/generate.ts';
import { fakerLocaleFile } from './faker-locale.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: npm run generate [-- --check]

Regenerates, from openapi/openapi.yaml:
  openapi/generated/schema.ts     TypeScript types (openapi-typescript) and the parameters it defaults
  openapi/generated/openapi.json  the document as JSON (with an x-generated marker)
  openapi/generated/document.ts   the document as an importable module
  openapi/generated/openapi-3.0.json  the document as OpenAPI 3.0.3 (docs/openapi.md)
  openapi/ASSUMPTIONS.md          the list of x-assumed markers
and from openapi/control.yaml (the mock's control API) the same three as
  openapi/generated/control-schema.ts, control.json and control-document.ts
and from the @faker-js/faker devDependency (JSON: it carries no marker; the list is scripts/faker-locale.ts)
  mocks/ids/faker-locale.json     the English definitions the kit's faker reads

--check   write nothing; exit 1 and name the stale files if any differs from what would be generated`);
  process.exit(0);
}
const unknown = args.filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`generate: unknown argument ${unknown.join(' ')} (try --help)`);
  process.exit(2);
}
const check = args.includes('--check');

const files = [...(await buildGeneratedFiles()), fakerLocaleFile()];
const stale: string[] = [];
for (const file of files) {
  const target = resolve(root, file.path);
  const current = await readFile(target, 'utf8').catch(() => null);
  if (current === file.content) continue;
  stale.push(file.path);
  if (!check) {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
}

if (check) {
  if (stale.length > 0) {
    console.error(`generated files are stale: ${stale.join(', ')}\nRun \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log(`generated files are up to date (${files.length} checked)`);
} else {
  console.log(
    stale.length ? `wrote ${stale.join(', ')}` : `nothing to do: ${files.length} generated files already up to date`,
  );
}
