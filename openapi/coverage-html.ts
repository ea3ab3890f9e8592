// The coverage report (openapi/coverage.ts) as one self-contained HTML page. Browser-safe.
import type { CoverageReport, Ratio } from './coverage.ts';

const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const ratio = (r: Ratio) => `${r.covered}/${r.total} (${r.percent}%)`;

/**
 * The page, titled `title`.
 * @example
 * writeFileSync('coverage.html', coverageHtml(coverage.report(), 'contracts against mock'));
 */
export function coverageHtml(report: CoverageReport, title = 'OpenAPI coverage'): string {
  const { operations, statuses, parameters, links } = report.totals;
  const operationRows = report.operations
    .map((row) => {
      const seen = row.statuses.documented.length - row.statuses.missing.length;
      const sent = row.parameters.declared.length - row.parameters.missing.length;
      const cell = (done: boolean, text: string) => `<td class="${done ? 'ok' : 'gap'}">${html(text)}</td>`;
      return `<tr>${cell(row.exchanges > 0, row.operationId)}<td>${html(`${row.method} ${row.path}`)}</td><td class="n">${row.exchanges}</td>${cell(
        row.statuses.missing.length === 0,
        `${seen}/${row.statuses.documented.length}${row.statuses.missing.length > 0 ? ` (missing ${row.statuses.missing.join(' ')})` : ''}`,
      )}${cell(row.parameters.missing.length === 0, `${sent}/${row.parameters.declared.length}${row.parameters.missing.length > 0 ? ` (missing ${row.parameters.missing.join(' ')})` : ''}`)}${cell(
        row.links.followed === row.links.declared,
        row.links.declared === 0 ? '' : `${row.links.followed}/${row.links.declared}`,
      )}</tr>`;
    })
    .join('\n');
  const linkRows = report.links
    .map(
      (link) =>
        `<tr><td class="${link.followed > 0 ? 'ok' : 'gap'}">${html(link.id)}</td><td>${html(link.to)}</td><td class="n">${link.followed}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left}
.n{text-align:right}.gap{background:#fde8e8}.ok{background:#e8f7ea}</style></head>
<body><h1>${html(title)}</h1>
<p>Operations ${ratio(operations)} · statuses ${ratio(statuses)} · parameters ${ratio(parameters)} · links ${ratio(links)}</p>
<table><thead><tr><th>operation</th><th>request</th><th>exchanges</th><th>statuses</th><th>parameters</th><th>links</th></tr></thead><tbody>
${operationRows}
</tbody></table>
<h2>Links</h2>
<table><thead><tr><th>link</th><th>to</th><th>followed</th></tr></thead><tbody>
${linkRows}
</tbody></table></body></html>
`;
}
