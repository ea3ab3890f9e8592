// `serve --latency MIN-MAX --fail-rate R --rate-limit N/s` (docs/control-api.md, "Faults"): the
// flags and their environment variables become the server's faults, bad values are usage errors,
// and the server applies them to every world.
import { describe, expect, it } from 'vitest';
import { startServer } from '../mocks/node/server.ts';
import { parseCommand } from './args.ts';
import { SERVE } from './serve.ts';

const parse = (argv: string[], env: Record<string, string> = {}) => parseCommand(SERVE, argv, env);

describe('serve fault flags', () => {
  it('read --latency, --fail-rate and --rate-limit (flags win over LATENCY, FAIL_RATE, RATE_LIMIT)', () => {
    const parsed = parse(['--latency', '50-400', '--fail-rate', '0.05', '--rate-limit', '10/s'], {
      LATENCY: '1-2',
      RATE_LIMIT: '3',
    });
    expect(parsed).toMatchObject({
      kind: 'run',
      options: { faults: { latencyMs: { min: 50, max: 400 }, failRate: 0.05, rateLimitPerSecond: 10 } },
    });
    expect(parse([], { LATENCY: '250', FAIL_RATE: '1', RATE_LIMIT: '3' })).toMatchObject({
      kind: 'run',
      options: { faults: { latencyMs: { min: 250, max: 250 }, failRate: 1, rateLimitPerSecond: 3 } },
    });
  });

  it('default to none: no faults without the flags, and 0-0 or 0 switch them off', () => {
    const none = parse([]);
    expect(none.kind === 'run' && none.options.faults).toBe(undefined);
    const zero = parse(['--latency', '0-0', '--fail-rate', '0']);
    expect(zero.kind === 'run' && zero.options.faults).toBe(undefined);
  });

  it('refuse bad values with a usage error that names the flag or variable', () => {
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['--latency', '400-50'], {}, /--latency must be MIN-MAX/],
      [['--latency', '0-30001'], {}, /--latency must be MIN-MAX/],
      [['--latency', 'slow'], {}, /--latency/],
      [['--fail-rate', '1.5'], {}, /--fail-rate must be a number from 0 to 1/],
      [['--fail-rate', '-0.1'], {}, /--fail-rate/],
      [['--rate-limit', '0/s'], {}, /--rate-limit must be a rate such as 10\/s/],
      [['--rate-limit', '5/m'], {}, /--rate-limit/],
      [[], { RATE_LIMIT: 'lots' }, /RATE_LIMIT must be a rate/],
    ];
    for (const [argv, env, message] of cases) {
      const parsed = parse(argv, env);
      expect(parsed.kind, argv.join(' ')).toBe('usage');
      if (parsed.kind === 'usage') expect(parsed.message).toMatch(message);
    }
  });

  it('reach every world of the server, which a world can lift for itself', async () => {
    const server = await startServer({ port: 0, quiet: true, faults: { failRate: 1 } });
    try {
      const get = (token: string) =>
        fetch(`${server.baseUrl}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      const failed = await get('one');
      expect([failed.status, failed.headers.get('retry-after')]).toEqual([503, '1']);
      expect(((await failed.json()) as { code: string }).code).toBe('service_unavailable');
      expect((await get('two')).status).toBe(503);
      const lifted = await fetch(`${server.origin}/__mock/faults`, {
        method: 'POST',
        headers: { authorization: 'Bearer one', 'content-type': 'application/json' },
        body: JSON.stringify({ fail_rate: 0 }),
      });
      expect(await lifted.json()).toEqual({ data: { fail_rate: 0 } });
      expect((await get('one')).status).toBe(200);
      expect((await get('two')).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});
