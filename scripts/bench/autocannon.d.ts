// The part of autocannon 9's API the bench's fallback client uses (scripts/bench/load.ts); the
// package ships no types.
declare module 'autocannon' {
  export interface AutocannonResult {
    requests: { total: number };
    /** Seconds. */
    duration: number;
    errors: number;
    non2xx: number;
  }
  type Options = { url: string; connections: number; duration: number; timeout: number; headers: object };
  type Done = (error: Error | null, result: AutocannonResult) => void;
  export default function autocannon(options: Options, done: Done): import('node:events').EventEmitter;
}
