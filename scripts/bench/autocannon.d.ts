// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types and
// @types/autocannon is not a dependency of this project).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    [percentile: string]: number;
  }

  export interface AutocannonResult {
    /** Seconds, rounded to 0.01. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(
    options: AutocannonOptions,
    callback: (error: Error | null, result: AutocannonResult) => void,
  ): Instance;
  export default autocannon;
}
