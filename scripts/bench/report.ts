// The bench's one report: each section's lines, then one line per target (docs/performance.md),
// PASS or FAIL.

/** A target of docs/performance.md and what this run measured for it. */
export interface Verdict {
  target: string;
  measured: string;
  pass: boolean;
}

export const judge = (target: string, measured: string, pass: boolean): Verdict => ({ target, measured, pass });

/** What a section prints, and the targets it judges. */
export interface Section {
  title: string;
  lines: string[];
  targets: Verdict[];
}

export const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
export const int = (value: number) => Math.round(value).toLocaleString('en-US');

/** The middle value (the lower middle one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/** Columns padded to their widest cell, the first `left` aligned left and the rest right, indented. */
export function table(rows: string[][], left = 1): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    `   ${row.map((cell, i) => (i < left ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')}`.trimEnd();
  return [line(rows[0]!), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)];
}

/** The whole report: a header line, the sections, and the targets they judged. */
export function formatReport(header: string, sections: readonly Section[]): string {
  const out = [header];
  for (const section of sections) out.push('', section.title, ...section.lines);
  const targets = sections.flatMap((section) => section.targets);
  out.push('', 'Targets (docs/performance.md)');
  for (const { target, measured, pass } of targets) out.push(`   ${pass ? 'PASS' : 'FAIL'}  ${target}: ${measured}`);
  if (targets.length === 0) out.push('   none judged in this run');
  return out.join('\n');
}
