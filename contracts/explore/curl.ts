// A failing run as the shell commands that replay it: one curl per request, in order.
import type { Exchange } from './invariants.ts';

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * One `curl` line per exchange, against `baseUrl` (with its version segment); a body over 2,000
 * characters is sent from a here-document so the line stays pasteable.
 * @example
 * console.log(toCurl(report.exchanges, 'http://127.0.0.1:4010/v1').join('\n'));
 */
export function toCurl(exchanges: readonly Exchange[], baseUrl: string): string[] {
  const base = baseUrl.replace(/\/+$/, '');
  return exchanges.map(({ request, status }) => {
    const parts = ['curl -sS', `-X ${request.method}`, quote(`${base}${request.path}`)];
    for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${quote(`${name}: ${value}`)}`);
    if (request.body !== '')
      parts.push(
        request.body.length > 2000
          ? `--data-binary @- <<'BODY'\n${request.body}\nBODY`
          : `--data-raw ${quote(request.body)}`,
      );
    return `${parts.join(' ')}   # answered ${status}`;
  });
}
