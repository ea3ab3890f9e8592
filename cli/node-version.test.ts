import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeSupport, SUPPORTED_NODE } from './node-version.ts';

describe('the Node versions the command line accepts', () => {
  it("are package.json's engines.node", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(SUPPORTED_NODE).toBe(pkg.engines.node);
  });

  it('refuses what is older than 22.13, warns on the untested 23 and 25', () => {
    for (const version of ['16.20.2', '18.20.8', '20.20.2', '22.12.0'])
      expect(nodeSupport(version), version).toBe('too-old');
    for (const version of ['22.13.0', '22.21.1', '24.0.0', '24.21.0', '26.0.0', '27.3.1'])
      expect(nodeSupport(version), version).toBe('supported');
    for (const version of ['23.11.1', '25.2.0']) expect(nodeSupport(version), version).toBe('untested');
  });
});
