// The child side of the bench IPC protocol (see ../children.ts): announce readiness, answer
// calls, and exit with the parent (a bench killed with SIGKILL leaves no server behind).

export type CallHandler = (type: string) => Record<string, unknown> | undefined;

export function serveIpc(
  ready: Record<string, unknown> & { port: number },
  onCall: CallHandler = () => undefined,
): void {
  // A normal exit on SIGTERM, so that --cpu-prof gets to write its profile.
  process.once('SIGTERM', () => process.exit(0));
  if (typeof process.send !== 'function') {
    // Started by hand (no IPC channel): print what the parent would have received.
    console.log(JSON.stringify({ type: 'ready', ...ready }));
    return;
  }
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: { id?: number; type?: string }) => {
    if (typeof message?.id !== 'number' || typeof message.type !== 'string') return;
    let answer: Record<string, unknown>;
    if (message.type === 'memory') {
      const usage = process.memoryUsage();
      answer = { rss: usage.rss, heapUsed: usage.heapUsed, heapTotal: usage.heapTotal, external: usage.external };
    } else {
      answer = onCall(message.type) ?? { error: `unknown call "${message.type}"` };
    }
    process.send!({ id: message.id, ...answer });
  });
  process.send({ type: 'ready', ...ready });
}
