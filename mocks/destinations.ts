// The `--deliver-to` allowlist as data (docs/control-api.md, "Where deliveries may go"). Free of
// Node built-ins, so the command line reads it without loading the server; the check itself is
// node/destinations.ts.

/** One `--deliver-to` entry: a host (name or address, lower case) and a port, or any port. */
export interface Destination {
  host: string;
  port: number | null;
}

/**
 * Reads `--deliver-to`: comma-separated `HOST[:PORT]` entries (`[v6]:PORT` for IPv6); an error
 * message for the first entry that is not one.
 */
export function parseDestinations(text: string): Destination[] | string {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'needs at least one HOST[:PORT]';
  const out: Destination[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      return `"${entry}" is not HOST[:PORT]`;
    }
    if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return `"${entry}" is not HOST[:PORT]`;
    // new URL drops the default port 80: an explicit ":80" must still mean port 80 only.
    const explicit = /:(\d+)$/.exec(entry);
    out.push({ host: url.hostname.toLowerCase(), port: explicit === null ? null : Number(explicit[1]) });
  }
  return out;
}
