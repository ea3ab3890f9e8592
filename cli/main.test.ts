// The dispatcher and what every subcommand shares through cli/args.ts: --help that names every
// flag, --version, and exit 2 with one line naming the problem for what it does not understand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CommandSpec, type Flags, parseCommand } from './args.ts';
import { CONTRACTS } from './contracts.ts';
import { DELIVER } from './deliver.ts';
import { PRISM } from './prism.ts';
import { RECEIVER_CHECK } from './receiver-check.ts';
import { SERVE } from './serve.ts';
import { hasScript, runCli, runCliOnTerminal } from '../support/cli.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** The flags each command is documented to take (README, issue "the kit as a package"). */
const COMMANDS = {
  serve: { spec: SERVE, flags: ['--port', '--host', '--seed', '--quiet'] },
  contracts: {
    spec: CONTRACTS,
    flags: ['--base-url', '--target', '--token', '--allow-writes', '--reporter', '--output'],
  },
  prism: { spec: PRISM, flags: ['--port', '--host', '--dynamic', '--upstream'] },
  'receiver-check': { spec: RECEIVER_CHECK, flags: ['--url', '--key', '--timeout'] },
  deliver: { spec: DELIVER, flags: ['--url', '--key', '--event', '--timestamp', '--unsigned', '--show-request'] },
};

describe('workflow-api-mock (top level)', () => {
  it('--help names every command, examples and the exit codes', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(stdout).toContain('Examples:');
    expect(stdout).toMatch(/0 ok.*1 failures.*2 usage/s);
    expect((await runCli(['-h'])).stdout).toBe(stdout);
  });

  it.each([['--version'], ['-v'], ['serve', '--version'], ['contracts', '--version'], ['prism', '--version']])(
    '%j prints the version of package.json',
    async (...args) => {
      const { code, stdout } = await runCli(args);
      expect(code).toBe(0);
      expect(stdout).toBe(`${VERSION}\n`);
    },
  );

  it.each([
    [[], 'a command is needed'],
    [['serv'], "unknown command 'serv'; did you mean serve?"],
    [['contrcats'], "unknown command 'contrcats'; did you mean contracts?"],
    [['zzz'], "unknown command 'zzz'; the commands are serve, contracts"],
    [['--port', '4010'], "unknown option '--port'; flags go after the command"],
    [['--hepl'], "unknown option '--hepl'; did you mean --help?"],
  ])('%j exits 2 with one line naming the problem and pointing at --help', async (args, message) => {
    const { code, stdout, stderr } = await runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
    expect(stderr).toContain('"workflow-api-mock --help"');
  });

  it.skipIf(!hasScript)('colours its usage line on a terminal, and not with NO_COLOR or in a pipe', async () => {
    const red = '\u001b[31m';
    const line = "workflow-api-mock: unknown command 'serv'; did you mean serve?";
    const terminal = await runCliOnTerminal(['serv']);
    expect({ code: terminal.code, text: terminal.text }).toEqual({
      code: 2,
      text: expect.stringContaining(red + line),
    });
    const plain = await runCliOnTerminal(['serv'], { env: { NO_COLOR: '1' } });
    expect(plain.text).toContain(line);
    expect(plain.text).not.toContain('\u001b[');
    expect((await runCli(['serv'])).stderr).toMatch(new RegExp(`^${line.replace(/[?()]/g, '\\$&')}`));
  });

  it('help <command> is <command> --help', async () => {
    const viaHelp = await runCli(['help', 'deliver']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe((await runCli(['deliver', '--help'])).stdout);
  });
});

describe.each(Object.entries(COMMANDS))('workflow-api-mock %s', (name, { spec, flags }) => {
  it('--help --all says what it does, names every flag, gives an example and the exit codes', async () => {
    const { code, stdout, stderr } = await runCli([name, '--help', '--all']);
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(new RegExp(`^workflow-api-mock ${name}: \\S`));
    for (const flag of flags) expect(stdout).toContain(flag);
    // every flag the command accepts is documented, also one added later
    for (const flag of Object.keys(spec.flags)) expect(stdout).toContain(`--${flag}`);
    expect(stdout).toMatch(/Examples?:\n {2}workflow-api-mock /);
    expect(stdout).toContain('Exit codes:');
  });

  it('names the nearest flag for a mistyped one (two letters swapped)', () => {
    const typos = Object.keys(spec.flags)
      .filter((flag) => flag.length >= 4)
      .map((flag) => [flag, `${flag[0]}${flag[2]}${flag[1]}${flag.slice(3)}`] as const)
      .filter(([flag, typo]) => typo !== flag && !Object.hasOwn(spec.flags, typo));
    expect(typos.length).toBeGreaterThan(0);
    for (const [flag, typo] of typos)
      expect(parseCommand(spec as CommandSpec<Flags, unknown>, [`--${typo}`], {})).toEqual({
        kind: 'usage',
        message: `Unknown option '--${typo}'; did you mean --${flag}?`,
      });
  });

  it('exits 2 on an unknown flag, with one line that names it and points at its --help', async () => {
    const { code, stdout, stderr } = await runCli([name, '--no-such-flag']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `workflow-api-mock ${name}: Unknown option '--no-such-flag' (see "workflow-api-mock ${name} --help")\n`,
    );
  });
});
