// The app's request/response values: plain data, so that the MSW adapter, the Node server
// and in-process callers all speak the same thing and the app never sees a transport.

export interface AppRequest {
  method: string;
  /** Path plus query, e.g. '/v1/users/me?x=1'. An absolute URL is accepted too (its origin is ignored). */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** Raw body text, '' when there is none. */
  body: string;
}

export interface AppResponse {
  status: number;
  headers: Record<string, string>;
  /** '' for 204. */
  body: string;
  /**
   * The body as UTF-8 when the app has it (a kept read, read-cache.ts), for an adapter to send as is; whoever
   * answers another body leaves them out (`{ ...response, body }` would carry the old bytes).
   */
  bytes?: Uint8Array;
}
