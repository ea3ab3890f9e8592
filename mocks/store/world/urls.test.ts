// Nothing leaves the machine unless asked (docs/control-api.md, "Where deliveries may go"): every URL
// the documents show (openapi.yaml and control.yaml whole: examples, prose, servers) and every URL a
// seeded world holds names a host reserved for examples (RFC 2606, RFC 6761) or loopback, so that a
// seeded webhook, or one copied from the document, cannot reach a real host. The one exception is
// data about a connected app's own API: a host at or under an `allowed_domains` entry of the same
// document or world (the Connect proxy's domains, which the mock answers for and never calls).
// The rules are written out here, not taken from mocks/common/destinations.ts, which they check.
import { describe, expect, it } from 'vitest';
import controlDocument from '../../../openapi/generated/control.json' with { type: 'json' };
import openapiDocument from '../../../openapi/generated/openapi.json' with { type: 'json' };
import { createMock } from '../../index.ts';
import { catalogueOf } from '../api/catalogue.ts';
import { storeOf } from '../../mock.ts';

const RESERVED = ['example.com', 'example.net', 'example.org', 'example', 'test', 'invalid', 'localhost'];
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\])$/;

/** Every string inside `value` with the key it sits under (Maps, Sets, arrays and objects walked once each). */
function strings(value: unknown, key = '', seen = new Set<unknown>(), out: Array<[string, string]> = []) {
  if (typeof value === 'string') out.push([key, value]);
  if (typeof value !== 'object' || value === null || seen.has(value)) return out;
  seen.add(value);
  if (value instanceof Map) for (const [k, v] of value) strings(v, String(k), seen, out);
  else if (value instanceof Set || Array.isArray(value)) for (const v of value) strings(v, key, seen, out);
  else for (const [k, v] of Object.entries(value)) strings(v, k, seen, out);
  return out;
}

/** Each URL with a host that is neither reserved, nor loopback, nor under an `allowed_domains` entry of `data`. */
function foreignUrls(data: unknown): string[] {
  const all = strings(data);
  const appDomains = all.filter(([key]) => key === 'allowed_domains').map(([, domain]) => domain.toLowerCase());
  const under = (host: string, names: string[]) => names.some((name) => host === name || host.endsWith(`.${name}`));
  const foreign = new Set<string>();
  for (const [key, text] of all) {
    // A User-Agent describes a client (RFC 9110, 10.1.5: "Googlebot/2.1 (+http://…)"); nothing requests it.
    if (key.toLowerCase() === 'user-agent') continue;
    for (const [found] of text.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s"'`<>]+/gi)) {
      let url: URL | undefined;
      for (let end = found.length; url === undefined && end > 0; end--) {
        try {
          url = new URL(found.slice(0, end));
        } catch {}
      }
      const host = url?.hostname.toLowerCase().replace(/\.$/, '') ?? found;
      if (host === '' || LOOPBACK.test(host) || under(host, RESERVED) || under(host, appDomains)) continue;
      foreign.add(`${key}: ${found}`);
    }
  }
  return [...foreign];
}

describe('every URL names a reserved or loopback host', () => {
  it('finds the hosts it must refuse (the check itself)', () => {
    const planted = {
      url: 'https://hooks.analytical.dev/workflow-errors',
      msg: 'POST https://api.github.com/x then http://127.0.0.1:4010/v1 and https://a.b.example.com/',
      connect: { allowed_domains: ['slack.com'], base_proxy_target_url: 'https://slack.com' },
      list: new Map([['wh', { webhook_url: 'http://myexample.com:8080/in' }]]),
      ok: ['https://x.test/', 'http://[::1]:9/', 'http://localhost/', 'file:///tmp/a.mjs:12:11)'],
    };
    expect(foreignUrls(planted)).toEqual([
      'url: https://hooks.analytical.dev/workflow-errors',
      'msg: https://api.github.com/x',
      'webhook_url: http://myexample.com:8080/in',
    ]);
  });

  it('in the API document and the control document, examples and prose alike', () => {
    expect(foreignUrls(openapiDocument)).toEqual([]);
    expect(foreignUrls(controlDocument)).toEqual([]);
  });

  it('in seeded worlds of several tokens and seeds (the planted examples included) and their app catalogue', () => {
    for (const seed of [1, 'other']) {
      const mock = createMock({ seed });
      for (const token of ['dev-token', 'alice', 'ci-7', 'x']) {
        const world = storeOf(mock).world(token);
        expect(strings(world).length).toBeGreaterThan(500);
        expect([seed, token, foreignUrls(world)]).toEqual([seed, token, []]);
      }
      // Beside the worlds, the app catalogue of the seed, which every world lists.
      const { catalogue } = catalogueOf({ seed });
      expect(strings(catalogue).filter(([key]) => key === 'img_src').length).toBeGreaterThan(5);
      expect([seed, foreignUrls(catalogue)]).toEqual([seed, []]);
    }
  });
});
