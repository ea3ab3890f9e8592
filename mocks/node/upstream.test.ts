// What the Node server checks of --upstream and --replay before it answers anything
// (mocks/node/upstream.ts): the delivery rules (never link-local, only --deliver-to hosts), and
// recordings that cannot be read. Names are resolved by a stub lookup: no DNS, no network.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMock } from '../index.ts';
import { prepareBeside, UpstreamError } from './upstream.ts';
import { RecordingFileError } from './recording.ts';

const mock = createMock();
const live = ['getCurrentUser'];

describe('the upstream obeys the delivery rules', () => {
  it('a link-local upstream is refused at start, literal or by name', async () => {
    await expect(prepareBeside({ upstream: { url: 'http://169.254.169.254/v1', live } }, {})).rejects.toThrow(UpstreamError);
    const lookup = async () => [{ address: '169.254.169.254' }];
    await expect(prepareBeside({ upstream: { url: 'http://metadata.internal.test/v1', live } }, { lookup })).rejects.toThrow(/link-local/);
  });

  it('with --deliver-to, only a listed host', async () => {
    const deliverTo = [{ host: '127.0.0.1', port: 9000 }];
    await expect(prepareBeside({ upstream: { url: 'http://127.0.0.1:9001/v1', live } }, { deliverTo })).rejects.toThrow(/not in --deliver-to/);
    const beside = await prepareBeside({ upstream: { url: 'http://127.0.0.1:9000/v1', live } }, { deliverTo });
    expect(beside?.connect(mock).describe()[0]).toBe('Upstream: http://127.0.0.1:9000/v1; live: getCurrentUser (1 operation, the rest mocked)');
  });

  it('bad upstream options are TypeErrors naming the option', async () => {
    await expect(prepareBeside({ upstream: { url: 'http://127.0.0.1:9/v1', live: 'nope' } }, {})).rejects.toThrow(/upstream.live "nope"/);
    await expect(prepareBeside({ upstream: { url: 'http://127.0.0.1:9/v1', live, fallbackOn: '999' } }, {})).rejects.toThrow(/upstream.fallbackOn/);
  });
});

describe('--replay', () => {
  it('a missing or broken recording stops the start', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'replay-'));
    await expect(prepareBeside({ replay: join(folder, 'none.har') }, {})).rejects.toThrow(RecordingFileError);
    writeFileSync(join(folder, 'broken.har'), '[]');
    await expect(prepareBeside({ replay: join(folder, 'broken.har') }, {})).rejects.toThrow(/not a HAR file/);
  });
});
