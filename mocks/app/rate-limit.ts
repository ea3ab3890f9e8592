// Rate limiting on demand (docs/control-api.md: `POST /__mock/rate-limit`; docs/errors.md: 429).
// The spec shows no rate limits, so the fake never limits by itself; a test asks for the next N
// API requests of its world to be refused, to exercise its client's 429 handling.

export interface RateLimitRule {
  /** How many of the next /v1 requests of the world answer 429; 0 lifts the limit. */
  requests: number;
  /** The `Retry-After` value of those answers, in seconds. */
  retry_after_seconds: number;
}

export interface RateLimiter {
  set(worldKey: string, rule: RateLimitRule): void;
  /** For one request: the Retry-After seconds when it must be refused (and counts it), else null. */
  take(worldKey: string): number | null;
  /** What is left of the world's rule, if any. */
  get(worldKey: string): RateLimitRule | undefined;
  clear(worldKey: string): void;
}

export function createRateLimiter(): RateLimiter {
  const rules = new Map<string, RateLimitRule>();
  return {
    set(worldKey, rule) {
      if (rule.requests > 0) rules.set(worldKey, { ...rule });
      else rules.delete(worldKey);
    },
    take(worldKey) {
      const rule = rules.get(worldKey);
      if (rule === undefined) return null;
      rule.requests -= 1;
      if (rule.requests <= 0) rules.delete(worldKey);
      return rule.retry_after_seconds;
    },
    get: (worldKey) => {
      const rule = rules.get(worldKey);
      return rule === undefined ? undefined : { ...rule };
    },
    clear: (worldKey) => void rules.delete(worldKey),
  };
}
