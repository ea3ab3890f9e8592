// The doc test (docs/readme-test.md): every fenced block of README.md and docs/*.md carries a mark
// saying how it is checked; the session blocks' commands run against a mock server started from the
// sources (their outputs compared with what the page shows, masking only times, ports, sizes and
// random IDs), the run blocks run and must exit 0, the package blocks are run by the package test
// from the tarball, and the skipped ones say why. Nothing leaves loopback: `npx` here runs only the
// kit's own command. With DOCS_UPDATE=1 (`npm run docs:update`) a session whose output differs is
// rewritten with what the command printed instead of failing.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Block,
  DOC_FILES,
  docBlocks,
  type Exchange as SessionExchange,
  KINDS,
  ROOT,
  sessionExchanges,
  sessionOptions,
  shellCommands,
} from './blocks.ts';
import { ID, type MatchContext, matchOutput, normalizeOutput, realCommand, rewriteShown } from './match.ts';
import { applyRewrites, type Rewrite } from './update.ts';

const markdown = DOC_FILES.map((file) => readFileSync(join(ROOT, file), 'utf8')).join('\n');
const blocks = docBlocks();
const GUIDE = 'see docs/readme-test.md';
/** `npm run docs:update`: rewrite the outputs that differ instead of failing. */
const UPDATING = process.env.DOCS_UPDATE === '1';
const rewrites: Rewrite[] = [];
/** Shown ID -> real ID, bound per markdown file (each page's sessions are read on their own). */
const idsByFile = new Map<string, Map<string, string>>();
let ids = new Map<string, string>();
let address = '';
let mock: ChildProcess | undefined;
let cwd = '';
let env: NodeJS.ProcessEnv = {};

const where = (block: Block) => `${block.file}:${block.line}`;
const useIdsOf = (block: Block) => {
  ids = idsByFile.get(block.file) ?? new Map();
  idsByFile.set(block.file, ids);
};

describe('the marks of README.md and docs/*.md', () => {
  it('every fenced block carries a doc-test mark on the line above it', () => {
    const unmarked = blocks
      .filter((block) => block.kind === undefined)
      .map((block) => `${where(block)} (\`\`\`${block.lang})`);
    expect(unmarked, `blocks without "<!-- doc-test: ${KINDS.join('|')} ... -->" above them; ${GUIDE}`).toEqual([]);
  });

  it('skips say why, sessions name only known options, run blocks are sh, js or ts', () => {
    const wrong: string[] = [];
    for (const block of blocks) {
      if (block.kind === 'skip' && block.args.length < 10)
        wrong.push(`${where(block)}: "doc-test: skip" needs a reason`);
      if (block.kind === 'session') {
        const { unknown } = sessionOptions(block.args);
        if (unknown.length > 0) wrong.push(`${where(block)}: unknown session options ${unknown.join(', ')}`);
        try {
          if (sessionExchanges(block).length === 0)
            wrong.push(`${where(block)}: a session block without a "$ " command`);
        } catch (error) {
          wrong.push(String(error));
        }
      }
      if (block.kind === 'run' && !['sh', 'bash', 'js', 'ts', 'mjs'].includes(block.lang))
        wrong.push(`${where(block)}: "doc-test: run" on a ${block.lang} block`);
    }
    expect(wrong, GUIDE).toEqual([]);
  });

  it('every package block is asked for by the package test, by its label', () => {
    const packageTest = readFileSync(join(ROOT, 'tests', 'package', 'package.test.ts'), 'utf8');
    // Asked for = named, quoted, in the package test (packageBlock('LABEL') or a table of labels it passes on).
    const orphans = blocks
      .filter((block) => block.kind === 'package' && !packageTest.includes(`'${block.args.split(/\s+/)[0]!}'`))
      .map((block) => `${where(block)}: package "${block.args}" is not run by tests/package/package.test.ts`);
    expect(orphans, GUIDE).toEqual([]);
  });

  it('every measured number is marked with its date and the command that produced it', () => {
    const marks = [...markdown.matchAll(/^<!--\s*measured:(.*?)-->\s*$/gm)].map((found) => found[1]!.trim());
    const wrong: string[] = [];
    for (const mark of marks) {
      const parsed = /^(\d{4}-\d{2}-\d{2}),?\s+`([^`]+)`/.exec(mark);
      if (!parsed) {
        wrong.push(`"measured: ${mark}": write "measured: YYYY-MM-DD \`command\`"`);
        continue;
      }
      const command = parsed[2]!;
      const script = /^npm run ([\w:-]+)/.exec(command)?.[1];
      const file = /^(?:npx )?node ((?:scripts|tests)\/\S+)/.exec(command)?.[1];
      const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
      if (script !== undefined && scripts[script] === undefined) wrong.push(`"${command}": no npm script ${script}`);
      if (file !== undefined && !existsSync(join(ROOT, file))) wrong.push(`"${command}": no file ${file}`);
    }
    expect(wrong, GUIDE).toEqual([]);
  });

  it("the README's command table lists exactly the commands of workflow-api-mock --help, in its order", () => {
    const help = execFileSync(process.execPath, [join(ROOT, 'cli', 'checkout-bin.js'), '--help'], { encoding: 'utf8' });
    const listed = help
      .slice(help.indexOf('\nCommands:\n') + '\nCommands:\n'.length)
      .split('\n\n')[0]!
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0]!);
    expect(listed.length).toBeGreaterThan(5);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## The command line\n'));
    const table = section.slice(0, section.indexOf('\n## ', 1));
    const rows = [...table.matchAll(/^\| `([\w-]+)[^`]*` \|/gm)].map((match) => match[1]);
    expect(rows, 'README.md, "The command line"').toEqual(listed);
  });

  it("every --min-coverage example (pages, the CLI's --help and messages) is met by the coverage the pages show", () => {
    // The `Coverage:` lines are outputs of the sessions below, so they are a real run's (docs/ci.md).
    const shown = [
      ...markdown.matchAll(/^Coverage: operations \d+\/\d+ \(([\d.]+)%\), statuses \d+\/\d+ \(([\d.]+)%\)/gm),
    ];
    expect(
      shown.length,
      'docs/ci.md shows the Coverage line of a suites run and of an explore run',
    ).toBeGreaterThanOrEqual(2);
    const operations = Math.min(...shown.map((found) => Number(found[1])));
    const statuses = Math.min(...shown.map((found) => Number(found[2])));
    const texts = markdown + readFileSync(join(ROOT, 'cli', 'contracts.ts'), 'utf8');
    const examples = [...texts.matchAll(/(?:--min-coverage|e\.g\.) (\d+(?:\.\d+)?),(\d+(?:\.\d+)?)\b/g)];
    expect(examples.length).toBeGreaterThan(0);
    const unmet = examples.filter((found) => Number(found[1]) > operations || Number(found[2]) > statuses);
    expect(unmet.map((found) => `${found[0]} (met: ${operations},${statuses})`)).toEqual([]);
  });

  it('counts the blocks it covers', () => {
    const count = (kind: string) => blocks.filter((block) => block.kind === kind).length;
    const covered = count('session') + count('run') + count('package');
    // The closing line of the doc test's run; the skipped ones are listed with their reasons.
    console.log(
      `README.md and docs/*.md blocks the doc test covers: ${covered} of ${blocks.length} (session ${count('session')}, run ${count('run')}, package ${count('package')}; skipped ${count('skip')}:` +
        blocks
          .filter((block) => block.kind === 'skip')
          .map((block) => `\n  ${where(block)}: ${block.args}`)
          .join('') +
        ')',
    );
    expect(covered).toBeGreaterThan(0);
  });
});

describe('README.md and docs/*.md, run against a mock server started from the sources', () => {
  beforeAll(async () => {
    cwd = mkdtempSync(join(tmpdir(), 'readme-'));
    const shims = join(cwd, '.bin');
    mkdirSync(shims);
    // `npx workflow-api-mock` is the kit's own command, from the sources; any other npx would reach
    // the registry, which the doc test never does: such a block is a package or skip block.
    const npx = [
      '#!/usr/bin/env bash',
      `if [ "$1" = workflow-api-mock ]; then shift; exec "${process.execPath}" "${join(ROOT, 'cli', 'checkout-bin.js')}" "$@"; fi`,
      'echo "the README doc test runs only npx workflow-api-mock; mark this block package or skip (docs/readme-test.md)" >&2; exit 127',
    ].join('\n');
    writeFileSync(join(shims, 'npx'), `${npx}\n`);
    chmodSync(join(shims, 'npx'), 0o755);
    // docs/pact.md runs the official Pact verifier: its core reports usage to an outside host unless told not to.
    env = {
      PATH: [shims, dirname(process.execPath), process.env.PATH].join(':'),
      PORT: '0',
      PACT_DO_NOT_TRACK: 'true',
    };
    for (const [key, value] of Object.entries(process.env)) {
      if (/^(npm_|VITEST|TEST$|NODE_ENV$|INIT_CWD$|CONTRACT_|PORT$|HOST$|SEED$|PATH$)/i.test(key)) continue;
      env[key] ??= value;
    }
    const started = await startLongRunning(
      `exec "${process.execPath}" "${join(ROOT, 'cli', 'checkout-bin.js')}" serve --port 0 --quiet`,
      (output) => /http:\/\/(127\.0\.0\.1:\d+)\/v1/.exec(output),
    );
    mock = started.child;
    address = started.found[1]!;
  }, 60_000);

  afterAll(() => {
    if (mock) stop(mock);
    if (cwd) rmSync(cwd, { recursive: true, force: true });
    if (UPDATING) for (const line of applyRewrites(rewrites)) console.log(line);
  });

  for (const block of blocks) {
    if (block.kind === 'session') {
      const options = sessionOptions(block.args);
      it(`${where(block)}: the session's outputs`, async () => {
        useIdsOf(block);
        const context: MatchContext = { ids, cwd, tolerance: options.tolerance, numbersVary: false };
        const exchanges = sessionExchanges(block);
        // `server`: the first command is a server the others talk to (its --port N: a free port instead).
        const server = options.server ? await startBlockServer(exchanges.shift()!, context) : undefined;
        try {
          for (const exchange of exchanges) {
            // A reader types the page's command as shown: an ID it names that an earlier output bound to another
            // (a page shown from another world) would answer 404 for them, however well the test maps it.
            const stale = [...exchange.command.matchAll(new RegExp(ID, 'g'))]
              .map(([id]) => [id, ids.get(id)])
              .filter(([id, real]) => real !== undefined && real !== id);
            expect(stale, `${where(block)}: ${exchange.command}: IDs shown -> what the server gives`).toEqual([]);
            const command =
              server === undefined ? realCommand(exchange.command, { ids, address }) : server.real(exchange.command);
            const printed = options.longRunning
              ? await runUntilShown(command, (output) => shownIn(exchange.expected, output, context))
              : (await runCommand(command)).output;
            const verdict = matchOutput(exchange.expected, printed, context);
            if (!verdict.ok) differs(exchange, command, printed, verdict.reason, context);
          }
        } finally {
          await server?.stop();
        }
      }, 300_000);
    }
    if (block.kind === 'run') {
      it(`${where(block)}: the ${block.lang} block runs and exits 0`, async () => {
        useIdsOf(block);
        const text = realCommand(block.text, { ids, address });
        let result: { code: number; output: string };
        if (['sh', 'bash'].includes(block.lang)) {
          result = await runCommand(['set -e', ...shellCommands(text)].join('\n'));
        } else {
          // Beside the sources, so the packages of the checkout resolve; type stripping runs a ts block.
          const folder = join(ROOT, 'tests', 'readme', '.run');
          mkdirSync(folder, { recursive: true });
          const name = `${block.file.replace(/\W/g, '-')}-${block.line}`;
          const file = join(folder, `block-${name}.${block.lang === 'js' ? 'mjs' : block.lang}`);
          writeFileSync(file, text);
          try {
            result = await runCommand(`"${process.execPath}" "${file}"`);
          } finally {
            rmSync(file, { force: true });
          }
        }
        expect(result.code, `${where(block)}\n${result.output}`).toBe(0);
      }, 120_000);
    }
  }
});

function failExchange(exchange: SessionExchange, command: string, printed: string, reason: string): never {
  return expect.fail(
    `${exchange.file}:${exchange.line}: ${reason}\n$ ${command}\n--- shown in ${exchange.file}\n${exchange.expected}\n--- printed\n${normalizeOutput(printed)}\n(${GUIDE})`,
  );
}

/**
 * An output that differs from the one shown: the test fails, or under `npm run docs:update` the shown
 * output is rewritten from what was printed (keeping its `...` elisions) and its IDs bound as shown.
 */
function differs(exchange: SessionExchange, command: string, printed: string, reason: string, context: MatchContext) {
  if (!UPDATING) failExchange(exchange, command, printed, reason);
  // The test's own mock is the pages' 127.0.0.1:4010.
  const shown = rewriteShown(exchange.expected, printed.replaceAll(address, '127.0.0.1:4010'), context);
  rewrites.push({ file: exchange.file, line: exchange.line, shown });
  matchOutput(shown, printed, context);
}

/**
 * Whether a long-running command has printed the output shown; under docs:update, whether it has
 * printed as many lines as shown (what it prints then is what the page will show).
 */
function shownIn(expected: string, output: string, context: MatchContext): boolean {
  if (!UPDATING) return matchOutput(expected, output, { ...context, ids: new Map(ids) }).ok;
  const wanted = expected.split('\n').filter((line) => line.trim() !== '...').length;
  return normalizeOutput(output).split('\n').length >= wanted;
}

/**
 * A `server` session's first command (docs/readme-test.md): started on a free port in place of its
 * `--port N`, compared once it has printed the lines shown, and kept running while the block's other
 * commands run, in which `127.0.0.1:N` stands for the address it printed. `stop` is Ctrl-C and
 * waits for it to exit, so the files it writes at exit are there for the next block.
 */
async function startBlockServer(
  exchange: SessionExchange,
  context: MatchContext,
): Promise<{ real: (command: string) => string; stop: () => Promise<void> }> {
  const shownPort = /--port (\d+)/.exec(exchange.command)?.[1];
  if (shownPort === undefined)
    expect.fail(`${exchange.file}:${exchange.line}: a "server" session's first command names its --port (${GUIDE})`);
  const command = realCommand(exchange.command, { ids, address }).replace(/--port \d+/, '--port 0');
  let printed = '';
  let started: Awaited<ReturnType<typeof startLongRunning<RegExpExecArray>>>;
  try {
    started = await startLongRunning(command, (output) => {
      printed = output;
      return shownIn(exchange.expected, output, context) ? /http:\/\/(127\.0\.0\.1:\d+)\/v1/.exec(output) : null;
    });
  } catch {
    const verdict = matchOutput(exchange.expected, printed, context);
    return failExchange(
      exchange,
      command,
      printed,
      verdict.ok ? 'it printed no http://127.0.0.1:PORT/v1 address' : verdict.reason,
    );
  }
  const verdict = matchOutput(exchange.expected, started.output(), context); // binds the IDs it showed
  if (!verdict.ok) differs(exchange, command, started.output(), verdict.reason, context);
  const own = started.found[1]!;
  const child = started.child;
  const exited = new Promise<void>((resolve) =>
    child.exitCode !== null ? resolve() : child.once('exit', () => resolve()),
  );
  return {
    real: (text) => realCommand(text, { ids, address }).replaceAll(`127.0.0.1:${shownPort}`, own),
    async stop() {
      stop(child);
      await exited;
    },
  };
}

/** Runs a bash command in the README's directory; stdout and stderr together, as a terminal shows them. */
function runCommand(command: string, timeoutMs = 280_000): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Starts a command that keeps running and resolves once `ready` finds what it waits for in the output. */
function startLongRunning<T>(
  command: string,
  ready: (output: string) => T | null | undefined,
  timeoutMs = 30_000,
): Promise<{ child: ChildProcess; found: T; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    let done = false;
    const timer = setTimeout(() => finish(new Error(`not shown within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const finish = (error?: Error, found?: T) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (error) {
        stop(child);
        reject(error);
      } else resolve({ child, found: found!, output: () => output });
    };
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready(output);
      if (found) finish(undefined, found);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('error', (error) => finish(error));
    child.once('exit', (code) => finish(new Error(`exited ${code} before it was ready:\n${output}`)));
  });
}

/** A long-running command of a session (`serve`): its output once it shows what the README shows, then Ctrl-C. */
async function runUntilShown(command: string, shown: (output: string) => boolean): Promise<string> {
  let output = '';
  try {
    const started = await startLongRunning(command, (text) => {
      output = text;
      return shown(text) || null;
    });
    output = started.output();
    stop(started.child);
  } catch {
    // Not shown in time (or it exited): the comparison that follows says how the output differs.
  }
  return output;
}

/** Ctrl-C for the command's whole process group (bash and the command it started). */
function stop(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGINT');
  } catch {
    child.kill('SIGINT');
  }
}
