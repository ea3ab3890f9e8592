// `node scripts/state-mechanisms.ts`: the durable step of `serve --state` alone, an O_APPEND line against a
// node:sqlite INSERT (docs/worlds.md, "Why a log, not node:sqlite", says what runs and why).
import { mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const folder = mkdtempSync(join(tmpdir(), 'state-mechanisms-'));
const words = 'A'.repeat(3328);
const webhook = {
  id: 'wh_abcdefg',
  name: 'n',
  url: 'https://hooks.example.com/x',
  description: 'd',
  active: true,
  created_at: 1,
  updated_at: 1,
};
const patch = `${JSON.stringify({ w: 'bench-1', patch: { random: { index: 3, words }, issued: ['wh_abcdefg'], set: { webhooks: [webhook] } } })}\n`;
const full = `${JSON.stringify({ w: 'bench-1', full: 'x'.repeat(32_000) })}\n`;
const record = (i: number) => (i % 64 === 0 ? full : patch);

const fd = openSync(join(folder, 'worlds.json.log'), 'a', 0o600);
const append = (line: string) => {
  const buffer = Buffer.from(line);
  let offset = 0;
  while (offset < buffer.length) offset += writeSync(fd, buffer, offset);
};
const db = new DatabaseSync(join(folder, 'worlds.db'));
db.exec(
  'PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; CREATE TABLE log (seq INTEGER PRIMARY KEY, record TEXT NOT NULL)',
);
const insert = db.prepare('INSERT INTO log (record) VALUES (?)');

const WRITES = 5000;
function round(write: (line: string) => void): { cpuUs: number; wallUs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < WRITES; i++) write(record(i));
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / WRITES, wallUs: ((performance.now() - started) * 1000) / WRITES };
}
const rounds = {
  append: [] as Array<{ cpuUs: number; wallUs: number }>,
  sqlite: [] as Array<{ cpuUs: number; wallUs: number }>,
};
for (let i = 0; i < 5; i++) {
  rounds.append.push(round(append));
  rounds.sqlite.push(round((line) => insert.run(line)));
}
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(1);
for (const [name, results] of Object.entries(rounds)) {
  console.log(
    `${name.padEnd(7)} ${median(results.map((r) => r.cpuUs))} µs CPU, ${median(results.map((r) => r.wallUs))} µs wall per write (Node ${process.versions.node})`,
  );
}
db.close();
rmSync(folder, { recursive: true, force: true });
