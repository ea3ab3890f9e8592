// The scaling recipe (docs/scaling.md, scripts/bench/scaling.ts) run small: two replicas behind
// Debian's nginx on loopback. Its promises hold with the recipe's `hash $http_authorization
// consistent`, and the same checks catch a balancer that spreads a token over replicas. nginx is
// no npm package: without it these cases are skipped, and say why (`.ci/run` installs it).
import { describe, expect, it } from 'vitest';
import { findNginx, measureScaling, nginxConfig } from './scaling.ts';

const nginx = findNginx();
const why = nginx === undefined ? ' (SKIPPED: nginx is not installed; Debian: apt-get install nginx)' : '';

describe(`the scaling recipe behind nginx${why}`, () => {
  it('routes by the bearer token with consistent hashing, over every replica', () => {
    const config = nginxConfig('/tmp/x', 8080, [4011, 4012]);
    expect(config).toContain('hash $http_authorization consistent;');
    expect(config.match(/server 127\.0\.0\.1:(\d+)/g)).toEqual(['server 127.0.0.1:4011', 'server 127.0.0.1:4012']);
    expect(config).toContain('listen 127.0.0.1:8080;');
  });

  it.skipIf(nginx === undefined)(
    'keeps each token on one replica, spreads the tokens, and a restarted replica keeps its worlds',
    { timeout: 120_000 },
    async () => {
      const result = await measureScaling({ replicas: 2, tokens: 16, readsPerToken: 2, throughputRequests: 200 });
      expect(result.staleReads).toBe(0);
      expect([result.unplaced, result.splitTokens]).toEqual([0, 0]);
      expect(result.tokensPerReplica.reduce((a, b) => a + b, 0)).toBe(16);
      for (const count of result.tokensPerReplica) expect(count).toBeGreaterThan(0);
      expect(result.restart.tokens).toBeGreaterThan(0);
      expect(result.restart.kept).toBe(result.restart.tokens);
      expect(result.throughput.failed).toBe(0);
      // The recipe passes the port on (Host $http_host): endpoint_url points at nginx, and answers there.
      expect(result.endpoint.url.startsWith(`${result.endpoint.origin}/__endpoints/`), result.endpoint.url).toBe(true);
      expect(result.endpoint.status).toBe(200);
    },
  );

  it.skipIf(nginx === undefined)('catches a balancer that does not route by token', { timeout: 120_000 }, async () => {
    const result = await measureScaling({
      replicas: 2,
      tokens: 8,
      readsPerToken: 2,
      throughputRequests: 50,
      balance: 'round-robin',
    });
    expect(result.staleReads + result.splitTokens).toBeGreaterThan(0);
  });
});
