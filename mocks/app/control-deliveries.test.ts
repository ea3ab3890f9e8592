// GET /__mock/deliveries a page at a time with bodies cut for the list (docs/control-api.md): many
// large deliveries used to make an answer longer than a JS string may be, a permanent 500.
import { describe, expect, it } from 'vitest';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
import { LISTED_BODY_CHARACTERS } from './control-routes.ts';
import { storeOf } from '../mock.ts';

interface Listed {
  data: Array<{ id: string; body: string; body_truncated?: true; body_length?: number }>;
  next_after?: string;
}

function setup() {
  const mock = createMock({ sink: createRecordingSink() });
  const get = async (query = '') => {
    const res = await mock.handle({
      method: 'GET',
      url: `/__mock/deliveries${query}`,
      headers: { authorization: 'Bearer big' },
      body: '',
    });
    return { status: res.status, body: JSON.parse(res.body) as Listed & { code?: string } };
  };
  const world = storeOf(mock).world('big');
  const enqueue = (payload: unknown) =>
    world.sink.enqueue({ world: world.key, kind: 'subscription', url: 'https://r.example.com/h', payload });
  return { mock, get, enqueue };
}

describe('GET /__mock/deliveries', () => {
  it('cuts bodies over 4,096 characters and says so; shorter ones are whole', async () => {
    const { get, enqueue } = setup();
    const big = enqueue('x'.repeat(100_000));
    const small = enqueue({ n: 1 });
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.data.map((record) => record.id)).toEqual([big.id, small.id]);
    expect(body.data[0]).toMatchObject({ body_truncated: true, body_length: big.body.length });
    expect(body.data[0]!.body).toBe(big.body.slice(0, LISTED_BODY_CHARACTERS));
    expect(body.data[1]).toEqual(expect.objectContaining({ body: '{"n":1}' }));
    expect(body.data[1]).not.toHaveProperty('body_truncated');
    expect(body).not.toHaveProperty('next_after');
  });

  it('pages with limit and after: every record once, in order', async () => {
    const { mock, get, enqueue } = setup();
    for (let i = 0; i < 120; i++) enqueue({ i });
    const ids: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const { status, body } = await get(`?limit=50${after === undefined ? '' : `&after=${after}`}`);
      expect(status).toBe(200);
      ids.push(...body.data.map((record) => record.id));
      after = body.next_after;
      if (after === undefined) break;
      expect(after).toBe(body.data.at(-1)!.id);
    }
    expect(ids).toEqual(mock.control.deliveries('big').map((record) => record.id));
    expect(ids).toHaveLength(120);
  });

  it('answers 400 for an after that is not in the log, and for a limit out of range', async () => {
    const { get, enqueue } = setup();
    enqueue(1);
    expect(await get('?after=dlv_999999')).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect((await get('?limit=0')).status).toBe(400);
    expect((await get('?limit=501')).status).toBe(400);
  });

  it('stays answerable after many large deliveries (it was a 500 "Invalid string length")', async () => {
    const { get, enqueue } = setup();
    const body = 'y'.repeat(1024 * 1024);
    for (let i = 0; i < 300; i++) enqueue(body);
    const { status, body: listed } = await get();
    expect(status).toBe(200);
    expect(listed.data.length).toBeGreaterThan(0);
    expect(
      listed.data.every((record) => record.body.length <= LISTED_BODY_CHARACTERS && record.body_truncated === true),
    ).toBe(true);
  });
});
