// The one interface the scenarios talk to. Each adapter (MSW + typed client, Node server +
// supertest) implements it, so every case is written once and run through both.

export interface DriverRequest {
  /** Bearer token; null sends no Authorization header. */
  token: string | null;
  query?: Record<string, string | number | boolean | undefined>;
  /** JSON body (serialised by the client) ... */
  body?: unknown;
  /** ... or the exact body text, for malformed/oversized/wrong-type bodies. */
  rawBody?: string;
  /** Extra headers; an `authorization` here replaces the bearer built from `token`. */
  headers?: Record<string, string>;
}

export interface DriverResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Parsed JSON, or the text when it is not JSON, or undefined when empty. */
  body: any;
  /** The raw body text. */
  text: string;
}

export interface Driver {
  name: string;
  /**
   * `path` is relative to the API base URL (`/users/me` means `<baseUrl>/users/me`), except
   * `/__mock/...`, which goes to the server origin, and paths given as `origin:/x`, which also go
   * to the origin verbatim (for requests outside /v1).
   */
  request(method: string, path: string, options: DriverRequest): Promise<DriverResponse>;
}

export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
