import { describe, expect, it } from 'vitest';
import { readTargetSettings } from './env.ts';

describe('readTargetSettings', () => {
  it('defaults to the in-process fake with a fresh user API key per call', () => {
    const a = readTargetSettings({});
    const b = readTargetSettings({});
    expect(a.name).toBe('inprocess');
    expect(a.caps).toEqual({ stateful: true, control: true, writes: true, enforcesRules: true, disposable: true });
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9\-._~+/]+=*$/);
    expect(a.token.split('.')).toHaveLength(1); // not JWT form: a user API key
  });

  it('treats a bare base URL as the mock server, with its control API at the same origin', () => {
    const settings = readTargetSettings({ CONTRACT_BASE_URL: 'http://127.0.0.1:4010/v1/' });
    expect(settings).toMatchObject({
      name: 'mock',
      baseUrl: 'http://127.0.0.1:4010/v1',
      controlUrl: 'http://127.0.0.1:4010',
    });
  });

  it('keeps Prism stateless and live read-only unless writes are allowed', () => {
    expect(readTargetSettings({ CONTRACT_TARGET: 'prism', CONTRACT_BASE_URL: 'http://127.0.0.1:4011' }).caps).toEqual({
      stateful: false,
      control: false,
      writes: true,
      enforcesRules: false,
      disposable: true,
    });
    const live = { CONTRACT_TARGET: 'live', CONTRACT_BASE_URL: 'https://api.example.com/v1', CONTRACT_TOKEN: 'key' };
    expect(readTargetSettings(live).caps).toMatchObject({ writes: false, control: false, disposable: false });
    expect(readTargetSettings({ ...live, CONTRACT_ALLOW_WRITES: '1' }).caps.writes).toBe(true);
  });

  it('never gives a live target a control API, even when one is configured', () => {
    const live = {
      CONTRACT_TARGET: 'live',
      CONTRACT_BASE_URL: 'https://api.example.com/v1',
      CONTRACT_TOKEN: 'key',
      CONTRACT_CONTROL_URL: 'https://api.example.com',
    };
    expect(readTargetSettings(live)).toMatchObject({ controlUrl: undefined, caps: { control: false } });
  });

  it('passes given IDs through', () => {
    const settings = readTargetSettings({
      CONTRACT_BASE_URL: 'http://h/v1',
      CONTRACT_ORG_ID: 'o_1',
      CONTRACT_PROJECT_ID: 'proj_1',
    });
    expect(settings.given).toEqual({ orgId: 'o_1', projectId: 'proj_1' });
  });

  it('refuses incomplete or unknown settings with a message saying what to set', () => {
    expect(() => readTargetSettings({ CONTRACT_TARGET: 'staging' })).toThrow(/CONTRACT_TARGET must be one of/);
    expect(() => readTargetSettings({ CONTRACT_TARGET: 'prism' })).toThrow(/needs CONTRACT_BASE_URL/);
    expect(() => readTargetSettings({ CONTRACT_TARGET: 'live', CONTRACT_BASE_URL: 'https://x/v1' })).toThrow(
      /needs CONTRACT_TOKEN/,
    );
    expect(() => readTargetSettings({ CONTRACT_BASE_URL: 'ftp://x/v1' })).toThrow(/http\(s\) URL/);
  });
});
