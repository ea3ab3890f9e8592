// The kit's own version, for `--version`: read through the package's self-reference
// (`workflow-api-mock-kit/package.json` in its exports map), which resolves the same from the
// checkout (cli/) and from an installed package (dist/cli/).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The version field of the kit's package.json.
 *
 * @example
 * console.log(kitVersion()); // '0.1.0'
 */
export function kitVersion(): string {
  const file = createRequire(import.meta.url).resolve('workflow-api-mock-kit/package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
