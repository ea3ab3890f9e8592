// runContracts' `pactFiles` (docs/pact.md, issue 31 item 4): a pact recorded by a real `serve
// --pact-dir` run on loopback is checked against the document by pact check's own code path, beside
// a short exploration of the in-process fake: a clean file passes the run; a copy with a field the
// document does not promise fails it, logged as pact check prints it and as a JUnit case, the reports
// written over links planted at their paths without writing through them.
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSamplePact } from '../support/pact-recording.ts';
import { runContracts } from './runner.ts';

const sample = useSamplePact();

/** runContracts exploring the in-process fake briefly, with these pact files; its log lines. */
async function runWith(pactFiles: string[], junitFile?: string, coverageDir?: string) {
  const lines: string[] = [];
  const result = await runContracts({
    target: 'inprocess',
    explore: { runs: 2, seed: 3 },
    pactFiles,
    ...(junitFile === undefined ? {} : { junitFile }),
    ...(coverageDir === undefined ? {} : { coverageDir }),
    log: (line) => lines.push(line),
  });
  return { result, log: lines.join('\n') };
}

describe('runContracts({ pactFiles })', () => {
  it('passes a pact recorded by serve --pact-dir, saying so as pact check does', async () => {
    const { result, log } = await runWith([sample.file()]);
    expect(log).toContain(`${sample.file()}: 6 interactions, all match the document`);
    expect(result.pactProblems).toBe(0);
    expect(result.ok, log.slice(-2000)).toBe(true);
  }, 120_000);

  it('fails the run on a field the document does not promise and a file that is no pact, naming each', async () => {
    const pact = JSON.parse(readFileSync(sample.file(), 'utf8'));
    const me = pact.interactions.findIndex((i: { description: string }) => i.description.startsWith('getCurrentUser'));
    pact.interactions[me].response.body.content.data.nickname = 'not promised';
    const extra = join(sample.dir(), 'extra.json');
    writeFileSync(extra, JSON.stringify(pact));
    const notPact = join(sample.dir(), 'not-pact.json');
    writeFileSync(notPact, '{"hello": 1}');
    // Links planted at every report path: each is replaced, what they point to never written.
    const junit = join(sample.dir(), 'contracts.xml');
    const coverage = join(sample.dir(), 'coverage');
    mkdirSync(coverage);
    const victim = join(sample.dir(), 'victim.txt');
    writeFileSync(victim, 'untouched');
    const reports = [junit, join(coverage, 'coverage.json'), join(coverage, 'coverage.html')];
    for (const report of reports) symlinkSync(victim, report);
    const { result, log } = await runWith([extra, notPact], junit, coverage);
    expect(log).toContain(
      `${extra}: getCurrentUser answers 200 in a fresh world: /interactions/${me}/response/body/data/nickname is not in the document`,
    );
    expect(log).toContain(`${notPact} is no Pact file`);
    expect(result.pactProblems).toBe(2);
    expect(result.ok).toBe(false);
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(reports.filter((report) => lstatSync(report).isSymbolicLink())).toEqual([]);
    expect(JSON.parse(readFileSync(reports[1]!, 'utf8')).totals).toBeTypeOf('object');
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuite name="explore" tests="1"/);
    expect(xml).toMatch(/<testsuite name="pact check" tests="2" failures="2"/);
    expect(xml).toContain(`/interactions/${me}/response/body/data/nickname is not in the document`);
  }, 120_000);
});
