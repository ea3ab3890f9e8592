// `npm run prism` (prism mock on the document) and `npm run prism:proxy` (prism proxy --errors in
// front of the stateful mock, so every exchange is validated against the document).
import { parseArgs } from 'node:util';
import { startPrism } from './lib/prism.ts';

const HELP = `Usage:
  npm run prism [-- --port 4011 --host 127.0.0.1 --dynamic]
      prism mock on openapi/openapi.yaml. Static mode serves the document's examples;
      --dynamic generates bodies from the schemas (IDs follow the prefix patterns).
  npm run prism:proxy [-- --port 4012 --upstream http://127.0.0.1:4010/v1]
      prism proxy --errors in front of the stateful mock. Without --upstream it starts the mock
      server itself on a free port. Violations of the document come back as errors.

Environment: PRISM_PORT, PRISM_HOST, UPSTREAM (same meaning as the flags).
Prism serves the document's paths at its root: http://127.0.0.1:4011/users/me (no /v1).`;

let values;
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      upstream: { type: 'string' },
      dynamic: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  console.error(`prism: ${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const mode = positionals[0];
if (mode !== 'mock' && mode !== 'proxy') {
  console.error(`prism: first argument must be "mock" or "proxy"\n\n${HELP}`);
  process.exit(2);
}
const portText = values.port ?? process.env.PRISM_PORT ?? (mode === 'mock' ? '4011' : '4012');
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`prism: --port must be an integer from 0 to 65535, got "${portText}"`);
  process.exit(2);
}
const host = values.host ?? process.env.PRISM_HOST ?? '127.0.0.1';

let upstream = values.upstream ?? process.env.UPSTREAM;
let closeUpstream = async () => {};
if (mode === 'proxy' && !upstream) {
  const { startServer } = await import('../mocks/server.ts');
  const server = await startServer({ port: 0, quiet: true });
  upstream = server.baseUrl;
  closeUpstream = server.close;
  console.log(`started the stateful mock for Prism to proxy: ${upstream}`);
}

const prism = await startPrism({ mode, port, host, upstream, dynamic: values.dynamic, errors: mode === 'proxy', inheritOutput: true });
console.log(`\nprism ${mode} ready on ${prism.url}${mode === 'proxy' ? ` -> ${upstream}` : ''}`);
console.log(`try: curl -H 'Authorization: Bearer dev-token' ${prism.url}/users/me`);

const stop = async () => {
  await prism.close();
  await closeUpstream();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
prism.child.once('exit', async (code) => {
  await closeUpstream();
  process.exit(code ?? 1);
});
