// What the Node server checks of --upstream and --replay before it answers anything
// (mocks/node/upstream.ts): the delivery rules (never link-local, only --deliver-to hosts), and
// recordings that cannot be read. Names are resolved by a stub lookup: no DNS, no network.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMock } from '../index.ts';
import { prepareUpstream, UpstreamError } from './upstream.ts';
import { RecordingFileError } from './recording.ts';

const mock = createMock();
const live = ['getCurrentUser'];
/** `prepareUpstream` for `--upstream URL --live getCurrentUser`, with `more` of the upstream options. */
const prepareAt = (url: string, context: Parameters<typeof prepareUpstream>[1] = {}, more = {}) =>
  prepareUpstream({ upstream: { url, live, ...more } }, context);

describe('the upstream obeys the delivery rules', () => {
  it('a link-local upstream is refused at start, literal or by name', async () => {
    await expect(prepareAt('http://169.254.169.254/v1')).rejects.toThrow(UpstreamError);
    const lookup = async () => [{ address: '169.254.169.254' }];
    await expect(prepareAt('http://metadata.internal.test/v1', { lookup })).rejects.toThrow(/link-local/);
  });

  it('with --deliver-to, only a listed host', async () => {
    const deliverTo = [{ host: '127.0.0.1', port: 9000 }];
    await expect(prepareAt('http://127.0.0.1:9001/v1', { deliverTo })).rejects.toThrow(/not in --deliver-to/);
    const prepared = await prepareAt('http://127.0.0.1:9000/v1', { deliverTo });
    const banner = 'Upstream: http://127.0.0.1:9000/v1; live: getCurrentUser (1 operation, the rest mocked)';
    expect(prepared?.connect(mock).describe()[0]).toBe(banner);
  });

  it('bad upstream options are TypeErrors naming the option', async () => {
    await expect(prepareAt('http://127.0.0.1:9/v1', {}, { live: 'nope' })).rejects.toThrow(/upstream.live "nope"/);
    await expect(prepareAt('http://127.0.0.1:9/v1', {}, { fallbackOn: '999' })).rejects.toThrow(/upstream.fallbackOn/);
  });
});

describe('--replay', () => {
  it('a missing or broken recording stops the start', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'replay-'));
    await expect(prepareUpstream({ replay: join(folder, 'none.har') }, {})).rejects.toThrow(RecordingFileError);
    writeFileSync(join(folder, 'broken.har'), '[]');
    await expect(prepareUpstream({ replay: join(folder, 'broken.har') }, {})).rejects.toThrow(/not a HAR file/);
  });
});
