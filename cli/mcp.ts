// `workflow-api-mock mcp`: the MCP face (mocks/node/mcp.ts) over stdio, on a mock of this process, for an agent's
// config to start (docs/mcp.md). stdout is the protocol's: every line of ours goes to stderr.
import { type Destination, LOOPBACK } from '../mocks/common/destinations.ts';
import type { ScenarioDefinition } from '../mocks/index.ts';
import {
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  kitVersion,
  loadScenarioFolder,
  PROGRAM,
  readDeliverToFlag,
  readScenariosFlag,
  readSeedFlag,
  runCommand,
  usage,
  type UsageError,
} from './args.ts';

const HELP = () => `${PROGRAM} mcp: the mock for a coding agent, over the Model Context Protocol (stdio).

Tools read the kit's OpenAPI document, call the API as a client, set the scene of a token's world (scenario,
clock, faults, rate limit, events) and read what happened (journal, coverage, deliveries): docs/mcp.md.
The mock lives in this process and ends with it; a server's worlds are reached with serve --mcp instead.
Needs @modelcontextprotocol/sdk (an optional peer): npm i -D @modelcontextprotocol/sdk@^1

Usage:
  ${PROGRAM} mcp [--seed S] [--token T] [--scenarios DIR] [--deliver-to HOST[:PORT],...]

Flags:
  --seed S          seed for the generated data (same seed + token = same world)      env SEED
  --token T         the world of a tool call that names no token      default dev-token
  --scenarios DIR   load scenario files (.json, .mjs) beside the built-in ones        env SCENARIOS
  --deliver-to H    the only hosts webhook deliveries may go to; without it only this
                    machine (localhost, 127.0.0.1, [::1])                           env DELIVER_TO
  -h, --help        this text

An agent's config (Claude Code, Cursor, ...): { "command": "npx", "args": ["workflow-api-mock", "mcp"] }

Exit codes: 0 the client closed the session, 1 the mock could not start, 2 bad flags or a missing peer.`;

export interface McpCliOptions {
  seed?: number;
  token?: string;
  scenarios?: string;
  deliverTo: readonly Destination[];
}

export const MCP = defineCommand({
  name: 'mcp',
  help: HELP,
  flags: {
    seed: { type: 'string' },
    token: { type: 'string' },
    scenarios: { type: 'string' },
    'deliver-to': { type: 'string' },
  },
  interpret(values, _positionals, env): McpCliOptions | UsageError {
    const options: McpCliOptions = { deliverTo: LOOPBACK };
    if (values.token !== undefined) {
      if (values.token.trim() === '') return usage('--token must not be empty');
      options.token = values.token;
    }
    // serve's readers: the same flags and variables, read and refused alike.
    return (
      readSeedFlag(values, env, options) ??
      readScenariosFlag(values, env, options) ??
      readDeliverToFlag(values, env, options) ??
      options
    );
  },
});

async function mcp(options: McpCliOptions): Promise<number> {
  let face: typeof import('../mocks/node/mcp.ts');
  try {
    face = await import('../mocks/node/mcp.ts');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    console.error(`${PROGRAM} mcp needs @modelcontextprotocol/sdk: npm i -D @modelcontextprotocol/sdk@^1`);
    return EXIT_USAGE;
  }
  const { createMock } = await import('../mocks/index.ts');
  const { nodeDeliveries } = await import('../mocks/node/fetch.ts');
  const notice = (line: string) => console.error(line);
  let scenarios: ScenarioDefinition[] | undefined;
  if (options.scenarios !== undefined) {
    scenarios = await loadScenarioFolder('mcp', options.scenarios);
    if (scenarios === undefined) return EXIT_FAILED;
  }
  const mock = createMock({
    seed: options.seed,
    scenarios,
    sink: nodeDeliveries({ deliverTo: options.deliverTo, log: notice }),
  });
  notice(`${PROGRAM} mcp: serving MCP on stdio (docs/mcp.md); the mock lives in this process`);
  await face.serveMcpStdio(mock, {
    version: kitVersion(),
    ...(options.token === undefined ? {} : { token: options.token }),
  });
  return EXIT_OK;
}

/** The `mcp` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(MCP, argv, mcp);
}
