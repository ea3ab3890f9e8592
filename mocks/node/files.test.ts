// Files written whole (mocks/node/files.ts) never follow a link: not one planted at the temporary
// names the server used to write (`FILE.<pid>.tmp`, `.FILE.<pid>.tmp`: predictable, and followed),
// nor one planted at the target itself. Each case plants links to a victim file and checks that it
// is left as it was, through the real writers: the drift report, the state snapshot.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDriftAnalyzer } from '../../openapi/drift.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { unwritableReason, writeFileReplacing, writeFileReplacingSync } from './files.ts';
import { driftReportFile, junitPath } from './recording.ts';
import { startServer, type RunningServer } from './server.ts';

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

/** A folder with a victim file, and links to it at `names` (relative to the folder). */
function planted(names: (folder: string) => string[]): { folder: string; victim: string } {
  const folder = mkdtempSync(join(tmpdir(), 'files-'));
  const victim = join(folder, 'victim.txt');
  writeFileSync(victim, 'untouched');
  for (const name of names(folder)) symlinkSync(victim, name);
  return { folder, victim };
}

describe('files written whole', () => {
  it('replace a link at the target, never write through it nor through one at the old temporary names', async () => {
    const { folder, victim } = planted((dir) => [
      join(dir, 'report.json'),
      join(dir, `report.json.${process.pid}.tmp`),
      join(dir, `.report.json.${process.pid}.tmp`),
    ]);
    await writeFileReplacing(join(folder, 'report.json'), 'new');
    writeFileReplacingSync(join(folder, 'report.json'), 'newer');
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(lstatSync(join(folder, 'report.json')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(folder, 'report.json'), 'utf8')).toBe('newer');
    // No temporary file is left behind.
    const left = readdirSync(folder).filter((name) => name.includes('.tmp') && !name.includes(String(process.pid)));
    expect(left).toEqual([]);
  });

  it('the drift report and its JUnit twin never write through a planted link', async () => {
    const { folder, victim } = planted((dir) => [
      join(dir, 'drift.json'),
      join(dir, 'drift.junit.xml'),
      join(dir, `drift.json.${process.pid}.tmp`),
      join(dir, `drift.junit.xml.${process.pid}.tmp`),
    ]);
    const path = join(folder, 'drift.json');
    const report = driftReportFile(path, createDriftAnalyzer(document, validator));
    report.changed();
    await report.flush();
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ answers: 0 });
    expect(readFileSync(junitPath(path), 'utf8')).toContain('<testsuites');
  });

  it('the state snapshot never writes through a link planted at its old temporary name', async () => {
    const { pid } = process;
    const { folder, victim } = planted((dir) => [join(dir, `.s.json.${pid}.tmp`), join(dir, `s.json.${pid}.tmp`)]);
    const path = join(folder, 's.json');
    const server = await startServer({ port: 0, quiet: true, seed: 5, log: () => {}, state: { path } });
    running.push(server);
    await fetch(`${server.baseUrl}/users/me`, { headers: { authorization: 'Bearer files-token' } });
    await server.close();
    running.pop();
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    expect(JSON.parse(readFileSync(path, 'utf8')).worlds.length).toBeGreaterThan(0);
  });

  it('a --drift-report whose folder is missing stops the start, and lets the --state file go', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'files-'));
    const state = { path: join(folder, 's.json') };
    const upstream = { url: 'http://127.0.0.1:9/v1', live: ['getCurrentUser'] };
    const driftReport = join(folder, 'missing', 'd.json');
    const refused = startServer({ port: 0, quiet: true, log: () => {}, state, upstream, driftReport });
    const why = `the folder ${join(folder, 'missing')} does not exist`;
    await expect(refused).rejects.toThrow(`--drift-report ${driftReport}: ${why}`);
    // Held still, the file would refuse this second start ("held by another server").
    const server = await startServer({ port: 0, quiet: true, log: () => {}, state });
    running.push(server);
    expect(server.restoredWorlds).toBe(0);
  });

  it('say why a path cannot take a file: a missing folder, a folder under a file, a folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'files-'));
    writeFileSync(join(folder, 'file.txt'), 'x');
    const missing = join(folder, 'missing');
    expect(unwritableReason(join(missing, 'a.json'))).toBe(`the folder ${missing} does not exist`);
    expect(unwritableReason(join(folder, 'file.txt', 'a.json'))).toBe(`${join(folder, 'file.txt')} is not a folder`);
    const deeper = join(folder, 'file.txt', 'deeper', 'a.json');
    expect(unwritableReason(deeper)).toBe(`${join(folder, 'file.txt')} is not a folder`);
    expect(unwritableReason(folder)).toBe('it is a folder');
    expect(unwritableReason(join(folder, 'fine.json'))).toBeUndefined();
    expect(readdirSync(folder)).toEqual(['file.txt']);
  });
});
