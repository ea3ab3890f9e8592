// Reporter for the self-test's child vitest run: writes every case's project, name, state and
// failure messages (a skipped case's note) to the JSON file named by SELF_TEST_OUTCOME_FILE.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export interface CaseOutcome {
  project: string;
  file: string;
  name: string;
  state: string;
  errors: string[];
  /** A skipped case's note (`context.skip(note)`), e.g. the variable a live run was not given. */
  note?: string;
}

export default class OutcomeReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const outcomes: CaseOutcome[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        outcomes.push({
          project: module.project.name,
          file: module.moduleId.split('/').at(-1) ?? module.moduleId,
          name: test.fullName,
          state: result.state,
          errors: result.state === 'failed' ? result.errors.map((error) => error.message ?? String(error)) : [],
          ...(result.state === 'skipped' && result.note !== undefined ? { note: result.note } : {}),
        });
      }
      // A file that failed to load has no tests but is a failure too.
      for (const error of module.errors()) {
        const errors = [error.message ?? String(error)];
        outcomes.push({
          project: module.project.name,
          file: module.moduleId,
          name: '(module)',
          state: 'failed',
          errors,
        });
      }
    }
    writeFileSync(process.env.SELF_TEST_OUTCOME_FILE ?? 'self-test-outcome.json', JSON.stringify(outcomes));
  }
}
