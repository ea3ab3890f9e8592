// JUnit XML, the test report every CI system shows: the one writer of the reports the kit builds
// itself (`contracts --explore`, `pact verify`, drift reports; the suites' own comes from vitest's reporter).

/** Text made safe for an XML attribute or element. */
const xml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // XML 1.0 has no place for control characters but tab and newlines (a drawn header may hold one).
    .replace(/\p{Cc}/gu, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : ''));

interface JunitCase {
  classname: string;
  name: string;
  seconds: number;
  /** A failed case: the one-line message and the whole text. */
  failure?: { message: string; text: string };
  /** A skipped case: why. */
  skipped?: string;
}

export interface JunitSuite {
  name: string;
  cases: JunitCase[];
  /** `<property>` elements, name -> value. */
  properties?: Array<[string, string]>;
}

const seconds = (value: number) => value.toFixed(3);

function testcase(item: JunitCase): string {
  const open = `    <testcase classname="${xml(item.classname)}" name="${xml(item.name)}" time="${seconds(item.seconds)}"`;
  if (item.failure !== undefined)
    return `${open}>\n      <failure message="${xml(item.failure.message)}">${xml(item.failure.text)}</failure>\n    </testcase>`;
  if (item.skipped !== undefined) return `${open}>\n      <skipped message="${xml(item.skipped)}"/>\n    </testcase>`;
  return `${open}/>`;
}

/**
 * One `<testsuite>` element, its counts from its cases; properties first.
 *
 * @example
 * junitSuite({ name: 'openapi coverage', cases: [], properties: [['coverage.operations', '40/46 (87%)']] });
 */
export function junitSuite(suite: JunitSuite): string {
  const properties =
    suite.properties === undefined
      ? ''
      : `    <properties>\n${suite.properties.map(([key, value]) => `      <property name="${xml(key)}" value="${xml(value)}"/>`).join('\n')}\n    </properties>\n`;
  const cases = suite.cases.map((item) => `${testcase(item)}\n`).join('');
  return (
    `  <testsuite name="${xml(suite.name)}" tests="${suite.cases.length}" failures="${count(suite.cases, 'failure')}" ` +
    `errors="0" skipped="${count(suite.cases, 'skipped')}" time="${time(suite.cases)}">\n${properties}${cases}  </testsuite>\n`
  );
}

const count = (cases: JunitCase[], what: 'failure' | 'skipped') => cases.filter((c) => c[what] !== undefined).length;
const time = (cases: JunitCase[]) => seconds(cases.reduce((sum, c) => sum + c.seconds, 0));

/**
 * A whole report: `<testsuites name>` holding each suite, with the counts every CI reads.
 *
 * @example
 * writeFileSync('report.xml', junitXml('pact verify', [{ name: 'web.json', cases: [{ classname: 'pact', name: 'getCurrentUser answers 200', seconds: 0.01 }] }]));
 */
export function junitXml(name: string, suites: JunitSuite[]): string {
  const all = suites.flatMap((suite) => suite.cases);
  return `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="${xml(name)}" tests="${all.length}" failures="${count(all, 'failure')}" errors="0" time="${time(all)}">
${suites.map(junitSuite).join('')}</testsuites>
`;
}
