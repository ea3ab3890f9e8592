// The Node server's destination rules (docs/control-api.md, "Where deliveries may go"): names that
// resolve to link-local addresses and the --deliver-to allowlist. The lookup is injected: no name is
// ever resolved for real, and nothing leaves loopback.
import { describe, expect, it } from 'vitest';
import { parseDestinations } from '../destinations.ts';
import { destinationCheck, type Lookup } from './destinations.ts';

const table =
  (answers: Record<string, string[]>): Lookup =>
  async (host) => {
    const addresses = answers[host];
    if (addresses === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };

describe('destinationCheck', () => {
  const lookup = table({
    'metadata.internal': ['169.254.169.254'],
    'sneaky.dev': ['10.0.0.7', 'fe80::1'],
    'hooks.dev': ['203.0.113.5'],
  });

  it('refuses a name that resolves to a link-local address, IPv4 or IPv6, and names the address', async () => {
    const check = destinationCheck({ lookup });
    expect(await check('http://metadata.internal/latest/meta-data/')).toBe(
      'metadata.internal resolves to 169.254.169.254, a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services)',
    );
    expect(await check('https://sneaky.dev/h')).toMatch(/^sneaky\.dev resolves to fe80::1, a link-local address/);
    expect(await check('https://hooks.dev/h')).toBeNull();
    // Unresolvable: the attempt fails on its own and is recorded with the network error.
    expect(await check('https://nowhere.dev/h')).toBeNull();
    // Literal addresses are not looked up (the engine judges them).
    expect(await check('http://127.0.0.1:9/h')).toBeNull();
  });

  it('with an allowlist refuses every other host or port before any lookup', async () => {
    const asked: string[] = [];
    const check = destinationCheck({
      allow: [
        { host: '127.0.0.1', port: 9000 },
        { host: 'hooks.dev', port: null },
      ],
      lookup: async (host) => {
        asked.push(host);
        return lookup(host);
      },
    });
    expect(await check('http://127.0.0.1:9000/h')).toBeNull();
    expect(await check('http://127.0.0.1:9001/h')).toBe('127.0.0.1:9001 is not in --deliver-to (127.0.0.1:9000, hooks.dev)');
    expect(await check('https://hooks.dev/h')).toBeNull();
    expect(await check('http://hooks.dev:8080/h')).toBeNull();
    expect(await check('http://metadata.internal/')).toMatch(/^metadata\.internal:80 is not in --deliver-to/);
    expect(asked).toEqual(['hooks.dev', 'hooks.dev']);
  });
});

describe('parseDestinations', () => {
  it('reads HOST[:PORT] lists, IPv6 in brackets, and names the first bad entry', () => {
    expect(parseDestinations('127.0.0.1:9000, Hooks.Dev ,[::1]:8080,localhost:80')).toEqual([
      { host: '127.0.0.1', port: 9000 },
      { host: 'hooks.dev', port: null },
      { host: '[::1]', port: 8080 },
      { host: 'localhost', port: 80 },
    ]);
    expect(parseDestinations('')).toBe('needs at least one HOST[:PORT]');
    expect(parseDestinations('ok.dev,http://x/')).toBe('"http://x/" is not HOST[:PORT]');
    expect(parseDestinations('a.dev/path')).toBe('"a.dev/path" is not HOST[:PORT]');
    expect(parseDestinations('a.dev:99999')).toBe('"a.dev:99999" is not HOST[:PORT]');
  });
});
