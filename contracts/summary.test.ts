import { describe, expect, it } from 'vitest';
import { formatSummary, summarize } from './summary.ts';

describe('per-operation summary', () => {
  const records = [
    { target: 'mock', operationId: 'getCurrentUser', method: 'GET', status: 200, passed: true },
    { target: 'mock', operationId: 'getCurrentUser', method: 'GET', status: 401, passed: true },
    { target: 'mock', operationId: 'createWebhook', method: 'POST', status: 500, passed: false },
  ];

  it('counts exchanges, passes, failures and statuses per target and operation', () => {
    expect(summarize(records)).toEqual([
      { target: 'mock', operationId: 'createWebhook', exchanges: 1, passed: 0, failed: 1, statuses: [500] },
      { target: 'mock', operationId: 'getCurrentUser', exchanges: 2, passed: 2, failed: 0, statuses: [200, 401] },
    ]);
  });

  it('lists operations never exercised with zero exchanges, and a total line', () => {
    const table = formatSummary(summarize(records), ['createWebhook', 'getCurrentUser', 'deleteWebhook']);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^target\s+operation\s+exchanges\s+passed\s+failed\s+statuses$/);
    expect(lines.find((line) => line.includes('deleteWebhook'))).toMatch(/deleteWebhook\s+0\s+0\s+0$/);
    expect(lines.at(-1)).toMatch(/TOTAL\s+3\s+2\s+1$/);
  });
});
