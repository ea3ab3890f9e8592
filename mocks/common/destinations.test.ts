// The one destination policy (destinations.ts): the rules every sender of the kit applies, on URLs
// and on the addresses a name resolves to. Pure: nothing here resolves a name or opens a socket.
import { describe, expect, it } from 'vitest';
import { destinationPolicy, LOOPBACK, linkLocalHost, parseDestinations, reservedHost } from './destinations.ts';

describe('linkLocalHost and reservedHost', () => {
  it('finds a literal link-local host in any spelling the URL parser canonicalises, and only those', () => {
    expect(linkLocalHost('http://169.254.1.2/')).toBe('169.254.1.2');
    expect(linkLocalHost('http://0xA9FEA9FE/')).toBe('169.254.169.254');
    expect(linkLocalHost('http://2852039166/')).toBe('169.254.169.254');
    expect(linkLocalHost('http://[0:0:0:0:0:ffff:169.254.169.254]/')).toBe('[::ffff:a9fe:a9fe]');
    expect(linkLocalHost('http://[febf::1]/')).toBe('[febf::1]');
    expect(linkLocalHost('http://169.255.1.2/')).toBeNull();
    expect(linkLocalHost('http://[fec0::1]/')).toBeNull();
    expect(linkLocalHost('http://[fe8::1]/')).toBeNull();
    expect(linkLocalHost('http://127.0.0.1/')).toBeNull();
  });

  it('finds names reserved for examples, not names that merely contain one', () => {
    expect(reservedHost('https://hooks.acme.example.com/in')).toBe('hooks.acme.example.com');
    expect(reservedHost('http://shop.example./')).toBe('shop.example');
    expect(reservedHost('https://myexample.com/')).toBeNull();
    expect(reservedHost('https://example.com.evil.io/')).toBeNull();
  });
});

describe('destinationPolicy', () => {
  it('refuses a literal link-local URL and a link-local address a name resolves to, IPv4, IPv6 or IPv4-mapped', () => {
    const policy = destinationPolicy();
    expect(policy.refuseUrl('http://169.254.169.254/latest/meta-data/')).toBe(
      '169.254.169.254 is a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services)',
    );
    expect(policy.refuseUrl('http://hooks.dev:9000/h')).toBeNull();
    expect(policy.refuseAddress('metadata.internal', '169.254.169.254')).toBe(
      'metadata.internal resolves to 169.254.169.254, a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services)',
    );
    expect(policy.refuseAddress('sneaky.dev', 'fe80::1')).toMatch(
      /^sneaky\.dev resolves to fe80::1, a link-local address/,
    );
    expect(policy.refuseAddress('mapped.dev', '::ffff:169.254.169.254')).toMatch(
      /^mapped\.dev resolves to ::ffff:169\.254\.169\.254, a link-local/,
    );
    expect(policy.refuseAddress('hooks.dev', '203.0.113.5')).toBeNull();
    expect(policy.refuseAddress('hooks.dev', '::1')).toBeNull();
  });

  it('with an allowlist refuses every other host or port; a host without a port allows every port', () => {
    const policy = destinationPolicy([
      { host: '127.0.0.1', port: 9000 },
      { host: 'hooks.dev', port: null },
    ]);
    expect(policy.refuseUrl('http://127.0.0.1:9000/h')).toBeNull();
    expect(policy.refuseUrl('http://127.0.0.1:9001/h')).toBe(
      '127.0.0.1:9001 is not in --deliver-to (127.0.0.1:9000, hooks.dev)',
    );
    expect(policy.refuseUrl('https://hooks.dev/h')).toBeNull();
    expect(policy.refuseUrl('http://hooks.dev:8080/h')).toBeNull();
    expect(policy.refuseUrl('http://metadata.internal/')).toMatch(/^metadata\.internal:80 is not in --deliver-to/);
    // Listed or not, a link-local address stays refused.
    expect(destinationPolicy([{ host: '169.254.169.254', port: null }]).refuseUrl('http://169.254.169.254/')).toMatch(
      /link-local/,
    );
  });
});

describe('LOOPBACK, the default of --deliver-to', () => {
  it('allows the three loopback names on any port and refuses the rest, saying which flag allows it', () => {
    const policy = destinationPolicy(LOOPBACK);
    for (const url of [
      'http://localhost:9000/h',
      'http://127.0.0.1/h',
      'https://[::1]:8443/h',
      'http://0x7f000001:9/h',
    ])
      expect([url, policy.refuseUrl(url)]).toEqual([url, null]);
    expect(policy.refuseUrl('https://hooks.partner.dev/in')).toBe(
      'hooks.partner.dev:443 is not one of localhost, 127.0.0.1, [::1]: without --deliver-to, deliveries stay on this machine; to allow it: serve --deliver-to hooks.partner.dev:443 (env DELIVER_TO; startServer({ deliverTo }))',
    );
    expect(policy.refuseUrl('http://[2001:db8::1]:81/')).toMatch(
      / to allow it: serve --deliver-to \[2001:db8::1\]:81 /,
    );
    // What the flag lists is told as the flag's: no hint once the user has chosen.
    expect(destinationPolicy([...LOOPBACK]).refuseUrl('http://hooks.partner.dev/')).toBe(
      'hooks.partner.dev:80 is not in --deliver-to (localhost, 127.0.0.1, [::1])',
    );
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
