// `serve --scenarios DIR` (docs/scenarios.md, "Loading"): the folder's .json and module files in name order;
// loadScenarios checks their content, here only what a folder gets wrong (missing, not JSON, a module that fails).
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCENARIO_LOAD_TIMEOUT_MS } from '../common/defaults.ts';

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
 * Reads every scenario file of `dir` (not its subfolders). A module that has not finished loading
 * after `timeoutMs` (default SCENARIO_LOAD_TIMEOUT_MS, 10 s) is refused, named.
 *
 * @example
 * const { scenarios, origins } = await readScenarioFiles('./scenarios');
 * const loaded = loadScenarios(scenarios, (i) => origins[i]!);
 */
export async function readScenarioFiles(dir: string, options: { timeoutMs?: number } = {}): Promise<ScenarioFiles> {
  const timeoutMs = options.timeoutMs ?? SCENARIO_LOAD_TIMEOUT_MS;
  const folder = resolve(dir);
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && SCENARIO_FILE.test(entry.name))
      .map((entry) => entry.name);
  } catch (error) {
    throw new ScenarioFileError(
      `--scenarios ${dir}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such folder' : (error as Error).message}`,
    );
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
      value = await importWithin(path, timeoutMs);
      if (value === undefined)
        throw new ScenarioFileError(
          `--scenarios: ${path} has no default export (export default defineScenario({...}))`,
        );
    }
    const list = Array.isArray(value) ? value : [value];
    for (const [i, scenario] of list.entries()) {
      scenarios.push(scenario);
      origins.push(Array.isArray(value) ? `${name}[${i}]` : name);
    }
  }
  return { scenarios, origins };
}

/**
 * A module's default export, or ScenarioFileError naming it when it fails or is not loaded in time. The timer
 * keeps the process alive: a top-level await that never settles would make Node exit 13 naming the CLI.
 */
async function importWithin(path: string, timeoutMs: number): Promise<unknown> {
  const seconds = timeoutMs / 1000;
  const why = 'a top-level await that never settles?';
  const message = `--scenarios: ${path} did not finish loading within ${seconds} s (${why})`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ScenarioFileError(message)), timeoutMs);
  });
  try {
    const loaded = import(pathToFileURL(path).href).catch((error: unknown) => {
      throw new ScenarioFileError(`--scenarios: ${path} did not load: ${(error as Error).message}`);
    });
    return ((await Promise.race([loaded, late])) as { default?: unknown }).default;
  } finally {
    clearTimeout(timer);
  }
}
