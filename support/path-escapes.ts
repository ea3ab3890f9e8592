// Path parameter values that try to leave a path template, for the tests of what the hybrid step forwards.

/** Dot segments, backslashes and slashes, raw and percent-encoded, and a few of their neighbours. */
export const ESCAPES: readonly string[] = [
  '..\\..\\..\\internal\\metrics',
  '..%5C..%5C..%5Cinternal%5Cmetrics',
  '..\\..\\admin\\users\\42',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2e.',
  '..',
  '.',
  '%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '\\',
  '..%2f..%2finternal',
  'a%2f..%2f..%2fadmin',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '..;',
];
