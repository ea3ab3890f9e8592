// A clock per world (docs/worlds.md, "A clock per world"): what the world shows follows its clock,
// other worlds keep the store's, and durations and instants are read as documented.
import { describe, expect, it } from 'vitest';
import { verifySignature } from '../../outbound/signature.ts';
import { createDeliveryEngine } from '../../outbound/delivery.ts';
import { unwrap } from '../../../support/results.ts';
import { changeClock, createWorldClock, parseDuration } from './clock.ts';
import { completeConnect, createConnectToken, setProjectWebhook, validateConnectToken } from '../connect/connect.ts';
import { createStore } from '../index.ts';
import { createWebhook } from '../api/subscriptions.ts';
import { emit } from '../api/emit.ts';
import { emitTrigger } from '../connect/trigger-emit.ts';
import { worldSummary } from './summary.ts';

/** The store's clock: a fixed instant, so "real time" is known to the test. */
const REAL = Date.UTC(2030, 0, 10, 8, 0, 0);

describe('durations', () => {
  it('reads sums of ms, s, m, h and d, signed; refuses anything else', () => {
    expect(parseDuration('90m')).toBe(90 * 60_000);
    expect(parseDuration('1h30m')).toBe(90 * 60_000);
    expect(parseDuration('1d2h3m4s5ms')).toBe(86_400_000 + 7_200_000 + 180_000 + 4_000 + 5);
    expect(parseDuration('-2d')).toBe(-172_800_000);
    for (const bad of ['', '90', 'm', '1.5h', '1w', 'soon', '1h-30m']) expect(parseDuration(bad), bad).toBeNull();
  });
});

describe('a world clock', () => {
  const store = createStore({ now: () => REAL });

  it('starts on the store clock and moves what the world creates', () => {
    const world = store.world('clock-a');
    expect(world.clock.state()).toBeNull();
    expect(world.ctx.now()).toBe(REAL);
    const state = unwrap(changeClock(world.clock, { set: '2026-01-01T00:00:00Z' }));
    expect(state).toEqual({
      now: '2026-01-01T00:00:00.000Z',
      offset_ms: Date.UTC(2026, 0, 1) - REAL,
      frozen: false,
      changed: true,
    });
    const webhook = unwrap(
      createWebhook(world, { url: 'https://hooks.example.com/a', name: 'a', description: 'a' }),
    ).data;
    expect(webhook.created_at).toBe(Date.UTC(2026, 0, 1) / 1000);
    unwrap(changeClock(world.clock, { advance: '90m' }));
    const later = unwrap(
      createWebhook(world, { url: 'https://hooks.example.com/b', name: 'b', description: 'a' }),
    ).data;
    expect(later.created_at - webhook.created_at).toBe(90 * 60);
    // Another world keeps the store's clock.
    expect(store.world('clock-b').ctx.now()).toBe(REAL);
  });

  it('an advance moves the world by exactly that much, though the base clock ticks between readings', () => {
    // A base clock that moves 1 ms at every reading: each change and state must read it once.
    let real = Date.UTC(2030, 0, 1);
    const clock = createWorldClock(() => real++);
    expect(clock.change({ advanceMs: 61 * 60_000 }).offset_ms).toBe(61 * 60_000);
    expect(clock.change({ advanceMs: -60_000 }).offset_ms).toBe(60 * 60_000);
    expect(clock.read().offset_ms).toBe(60 * 60_000);
  });

  it('freezes and thaws: a frozen world stands still while the store clock runs', () => {
    let real = REAL;
    const running = createStore({ now: () => real });
    const world = running.world('freeze');
    unwrap(changeClock(world.clock, { set: '2026-03-01T12:00:00Z', freeze: true }));
    real += 60_000;
    expect(new Date(world.ctx.now()).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    unwrap(changeClock(world.clock, { freeze: false }));
    real += 1_000;
    expect(new Date(world.ctx.now()).toISOString()).toBe('2026-03-01T12:00:01.000Z');
  });

  it('refuses an instant or a duration it cannot read, with the pointer', () => {
    const world = store.world('clock-bad');
    const refused = changeClock(world.clock, { set: 'tomorrow' });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.body.details).toEqual({
        issues: [{ pointer: '/body/set', message: '"tomorrow" is not an instant' }],
      });
    expect(changeClock(world.clock, { advance: '1 week' }).ok).toBe(false);
    expect(world.clock.state()).toBeNull();
  });

  it('expires connect tokens: validate says expired, completing is refused with 422', () => {
    const world = store.world('clock-connect');
    const [project] = worldSummary(world).projects;
    const token = unwrap(
      createConnectToken(world, project!.id, 'production', { external_user_id: 'u1', expires_in: 3600 }),
    );
    expect(token.expires_at).toBe(new Date(REAL + 3_600_000).toISOString());
    expect(unwrap(validateConnectToken(world, token.token, 'production')).success).toBe(true);
    unwrap(changeClock(world.clock, { advance: '61m' }));
    expect(unwrap(validateConnectToken(world, token.token, 'production'))).toMatchObject({
      success: false,
      error: 'connect token expired',
    });
    const completed = completeConnect(world, token.token, { outcome: 'success' });
    expect(completed.ok).toBe(false);
    if (!completed.ok) expect(completed.error.status).toBe(422);
  });

  it("stamps emitted events and deliveries with the world's time; the signature's t follows it", async () => {
    const engine = createDeliveryEngine({ send: false, now: () => REAL });
    const world = createStore({ now: () => REAL, sink: engine }).world('clock-deliveries');
    unwrap(changeClock(world.clock, { set: '2027-05-05T05:05:05Z', freeze: true }));
    const at = Date.UTC(2027, 4, 5, 5, 5, 5);
    const [project] = worldSummary(world).projects;
    const [trigger] = project!.deployed_triggers.filter((t) => t.environment === 'production');
    unwrap(setProjectWebhook(world, project!.id, 'production', 'http://127.0.0.1:9/hook'));
    const emitted = unwrap(emitTrigger(world, trigger!.id, { event: { hello: 1 } }));
    const [delivery] = emitted.deliveries;
    expect(delivery!.created_at).toBe(at);
    expect(JSON.parse(delivery!.body).emitted_at).toBe(at / 1000);
    await engine.idle();
    const signature = delivery!.headers['x-pd-signature']!;
    expect(signature).toMatch(new RegExp(`^t=${at / 1000},`));
    // A receiver on real time would refuse it as too old (300 s tolerance); on the world's time it is fresh.
    const key = world.projects.get(project!.id)!.environments.get('production')!.signing_key!;
    expect((await verifySignature({ rawBody: delivery!.body, header: signature, key, now: () => REAL })).ok).toBe(
      false,
    );
    expect(
      (await verifySignature({ rawBody: delivery!.body, header: signature, key, now: () => at + 10_000 })).ok,
    ).toBe(true);
    // Error events recorded by emit carry the world's time too.
    const [workflow] = worldSummary(world).workflows;
    unwrap(emit(world, { emitter_id: workflow!.id, event_name: '$errors', event: { a: 1 } }));
    expect(world.workflows.get(workflow!.id)!.errors[0]!.indexed_at_ms).toBe(at);
  });

  it('a snapshot keeps the clock; a reset goes back to real time', () => {
    const world = store.world('clock-snap');
    unwrap(changeClock(world.clock, { set: '2026-06-01T00:00:00Z', freeze: true }));
    const restored = createStore({ now: () => REAL });
    expect(restored.restore(JSON.parse(JSON.stringify(store.snapshot()))).ok).toBe(true);
    expect(new Date(restored.world('clock-snap').ctx.now()).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    restored.reset('clock-snap');
    expect(restored.world('clock-snap').ctx.now()).toBe(REAL);
  });
});
