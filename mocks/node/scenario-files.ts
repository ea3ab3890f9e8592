// `serve --scenarios DIR` (docs/scenarios.md, "Loading"): the scenario files of one folder, in
// name order. A `.json` file holds one scenario (or an array of them); a `.js`, `.mjs` or `.ts` module
// default-exports one (or an array), usually made with `defineScenario`. What the files hold is
// checked against the document by loadScenarios (the same check as `createMock({ scenarios })`);
// here only what a folder can get wrong: it is missing, a file is not JSON, a module will not load.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SCENARIO_FILE = /\.(json|js|mjs|ts)$/;

/** A scenario folder that cannot be read: the message names the folder or the file and why. */
export class ScenarioFileError extends Error {
  override name = 'ScenarioFileError';
}

export interface ScenarioFiles {
  /** Every scenario the files hold, in file name order. */
  scenarios: unknown[];
  /** Where each came from, for load errors: `busy.json`, `more.ts[1]`. */
  origins: string[];
}

/**
 * Reads every scenario file of `dir` (not its subfolders).
 *
 * @example
 * const { scenarios, origins } = await readScenarioFiles('./scenarios');
 * const loaded = loadScenarios(scenarios, (i) => origins[i]!);
 */
export async function readScenarioFiles(dir: string): Promise<ScenarioFiles> {
  const folder = resolve(dir);
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isFile() && SCENARIO_FILE.test(entry.name)).map((entry) => entry.name);
  } catch (error) {
    throw new ScenarioFileError(`--scenarios ${dir}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : (error as Error).message}`);
  }
  names.sort();
  const scenarios: unknown[] = [];
  const origins: string[] = [];
  for (const name of names) {
    const path = join(folder, name);
    let value: unknown;
    if (name.endsWith('.json')) {
      try {
        value = JSON.parse(await readFile(path, 'utf8'));
      } catch (error) {
        throw new ScenarioFileError(`--scenarios: ${path} is not JSON: ${(error as Error).message}`);
      }
    } else {
      try {
        value = ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
      } catch (error) {
        throw new ScenarioFileError(`--scenarios: ${path} did not load: ${(error as Error).message}`);
      }
      if (value === undefined) throw new ScenarioFileError(`--scenarios: ${path} has no default export (export default defineScenario({...}))`);
    }
    const list = Array.isArray(value) ? value : [value];
    for (const [i, scenario] of list.entries()) {
      scenarios.push(scenario);
      origins.push(Array.isArray(value) ? `${name}[${i}]` : name);
    }
  }
  return { scenarios, origins };
}
