// What a scenario gets: a driver bound to one fresh token (its own world), plus discovery helpers
// that find IDs through the API and the control API instead of hard-coding seeded ones.
import { expect } from 'vitest';
import type { Driver, DriverRequest, DriverResponse } from './driver.ts';

export type CallOptions = Partial<DriverRequest>;

export interface Session {
  driver: Driver;
  token: string;
  /** A request with this session's token unless `options.token` says otherwise. */
  call(method: string, path: string, options?: CallOptions): Promise<DriverResponse>;
  /** Like call, but expects the given status and returns the body. */
  expectStatus(status: number, method: string, path: string, options?: CallOptions): Promise<any>;
  me(): Promise<{ id: string; orgs: { id: string }[] }>;
  /** `GET /__mock/world` of this session's token. */
  world(): Promise<Record<string, unknown>>;
  /** A new independent session (another token, another world) on the same driver. */
  other(kind?: 'api_key' | 'oauth'): Session;
}

let counter = 0;
export function randomToken(kind: 'api_key' | 'oauth' = 'api_key'): string {
  const nonce = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  if (kind === 'oauth') {
    const b64 = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    return `${b64('{"alg":"HS256","typ":"JWT"}')}.${b64(`{"sub":"o_test","nonce":"${nonce}"}`)}.${b64(`sig-${nonce}`)}`;
  }
  return `test_${nonce}`;
}

export function createSession(driver: Driver, token = randomToken()): Session {
  const call = (method: string, path: string, options: CallOptions = {}) =>
    driver.request(method, path, { token, ...options });
  const session: Session = {
    driver,
    token,
    call,
    async expectStatus(status, method, path, options) {
      const response = await call(method, path, options);
      expect(response.status, `${method} ${path} -> ${response.status} ${response.text.slice(0, 500)}`).toBe(status);
      return response.body;
    },
    async me() {
      return (await session.expectStatus(200, 'GET', '/users/me')).data;
    },
    async world() {
      return (await session.expectStatus(200, 'GET', '/__mock/world')).data;
    },
    other: (kind = 'api_key') => createSession(driver, randomToken(kind)),
  };
  return session;
}

/** Every string in a JSON value that starts with the prefix (IDs of one kind), in order, unique. */
export function idsWithPrefix(value: unknown, prefix: string): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node === 'string') {
      if (node.startsWith(prefix) && /^[a-z]+_[A-Za-z0-9]+$/.test(node)) found.add(node);
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) Object.values(node).forEach(visit);
  };
  visit(value);
  return [...found];
}

/** Error body shape of docs/errors.md. */
export function expectError(response: DriverResponse, status: number, code: string): void {
  expect(response.status, response.text.slice(0, 500)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof response.body?.error).toBe('string');
  expect(response.body.error.length).toBeGreaterThan(0);
  expect(response.body.code).toBe(code);
}
