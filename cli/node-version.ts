// package.json's engines.node, checked before anything loads: an older Node would fail later saying nothing of why.

/** package.json's engines.node (cli/node-version.test.ts keeps the two equal). */
export const SUPPORTED_NODE = '^22.13.0 || ^24.0.0 || >=26.0.0';

/**
 * Where `version` (e.g. process.versions.node) stands against SUPPORTED_NODE.
 *
 * @example
 * nodeSupport('24.11.0'); // 'supported'
 * nodeSupport('20.19.0'); // 'too-old'
 * nodeSupport('25.1.0'); // 'untested'
 */
export function nodeSupport(version: string): 'supported' | 'untested' | 'too-old' {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 13)) return 'too-old';
  if (major === 22 || major === 24 || major >= 26) return 'supported';
  return 'untested';
}
