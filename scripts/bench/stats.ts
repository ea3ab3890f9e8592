// Small numeric helpers shared by the benchmark sections.

/** Nearest-rank percentile (p in 0..100) of an ascending-sorted list; NaN when it is empty. */
function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

function sortedCopy(values: Iterable<number>): Float64Array {
  return Float64Array.from(values).sort();
}

export function median(values: Iterable<number>): number {
  return percentile(sortedCopy(values), 50);
}

/** The latencies of one measured run, in milliseconds with sub-millisecond precision. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(values: Iterable<number>): LatencySummary {
  const sorted = sortedCopy(values);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
  };
}

/** Growable list of numbers without boxing (a 10 s run at 20k req/s is 200k samples). */
export class Samples {
  private buffer = new Float64Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.buffer.length) {
      const grown = new Float64Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = value;
  }

  values(): Float64Array {
    return this.buffer.subarray(0, this.length);
  }
}
