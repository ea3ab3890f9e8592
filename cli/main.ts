// The dispatcher of `workflow-api-mock <command>`: a subcommand is loaded only when asked for (docs/performance.md).
import { consoleIo, didYouMean, EXIT_OK, EXIT_USAGE, kitVersion, PROGRAM, usageLine, type Io } from './args.ts';

interface Subcommand {
  /** One line for the top-level help. */
  summary: string;
  load(): Promise<{ run(argv: string[]): Promise<number> }>;
}

const COMMANDS: Record<string, Subcommand> = {
  serve: {
    summary: 'run the stateful mock server (default http://127.0.0.1:4010/v1)',
    load: () => import('./serve.ts'),
  },
  contracts: {
    summary: 'run the contract suites against a server (none given: a mock on a free port); JUnit XML for CI',
    load: () => import('./contracts.ts'),
  },
  prism: {
    summary: "run Stoplight Prism (mock or proxy) on the kit's OpenAPI document; needs @stoplight/prism-cli",
    load: () => import('./prism.ts'),
  },
  'receiver-check': {
    summary: 'check that your webhook receiver verifies signatures (valid, tampered, stale... deliveries)',
    load: () => import('./receiver-check.ts'),
  },
  deliver: {
    summary: 'send one signed webhook delivery of a JSON file to a URL',
    load: () => import('./deliver.ts'),
  },
  drift: {
    summary: "where a recorded service (a HAR file) departs from the kit's document, per operation; JUnit XML for CI",
    load: () => import('./drift.ts'),
  },
  mcp: {
    summary: 'the mock for a coding agent over the Model Context Protocol (stdio); needs @modelcontextprotocol/sdk',
    load: () => import('./mcp.ts'),
  },
  pact: {
    summary: "pact check FILE...: a Pact file against the kit's document; pact verify FILE...: against a provider",
    load: () => import('./pact.ts'),
  },
};

function helpText(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((name) => name.length)) + 2;
  return `${PROGRAM} ${kitVersion()}: mock server, contract tests and Prism for the Workflow Automation Service REST API (v1).

Usage:
  ${PROGRAM} <command> [flags]
  ${PROGRAM} <command> --help     what the command does, its flags with defaults, examples, exit codes

Commands:
${names.map((name) => `  ${name.padEnd(width)}${COMMANDS[name]!.summary}`).join('\n')}

Flags:
  -h, --help     this text
  -v, --version  the kit's version

Examples:
  npx ${PROGRAM} serve --port 4010 --seed 1
  npx ${PROGRAM} contracts --base-url http://127.0.0.1:4010/v1 --reporter junit --output contracts.xml
  npx ${PROGRAM} prism --dynamic
  npx ${PROGRAM} receiver-check --url http://127.0.0.1:3000/hooks --key "$SIGNING_KEY"

Exit codes: 0 ok; 1 failures (failed contract cases or checks, failed receiver checks, a refused
delivery, a busy port, Prism not installed); 2 usage (unknown command or flag, bad value, or a
peer the command needs not installed: contracts runs on vitest, --explore on fast-check).
In the kit's checkout the npm scripts run the same commands: npm start, npm run contracts,
npm run prism, npm run prism:proxy, npm run receiver-check, npm run deliver (flags after --).`;
}

/**
 * Runs one command line (without `node` and the script) and answers the exit code.
 *
 * @example
 * process.exit(await main(['serve', '--port', '0']));
 */
export async function main(argv: string[], io: Io = consoleIo): Promise<number> {
  const [first, ...rest] = argv;
  const commandList = Object.keys(COMMANDS).join(', ');
  if (first === undefined) {
    io.err(usageLine('', `a command is needed: ${commandList}`));
    return EXIT_USAGE;
  }
  const help = first === '-h' || first === '--help';
  if (help || first === '-v' || first === '--version') {
    io.out(help ? helpText() : kitVersion());
    return EXIT_OK;
  }
  // `help serve` = `serve --help`
  if (first === 'help') return main(rest[0] === undefined ? ['--help'] : [rest[0], '--help'], io);
  if (first.startsWith('-')) {
    const hint = didYouMean(first.replace(/^-+/, ''), ['help', 'version'], '--');
    io.err(usageLine('', `unknown option '${first}'${hint || `; flags go after the command (${commandList})`}`));
    return EXIT_USAGE;
  }
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command === undefined) {
    const hint = didYouMean(first, Object.keys(COMMANDS));
    io.err(usageLine('', `unknown command '${first}'${hint || `; the commands are ${commandList}`}`));
    return EXIT_USAGE;
  }
  const module = await command.load();
  return module.run(rest);
}
