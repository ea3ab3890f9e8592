// Every resource a suite creates registers its undo right away; afterAll runs them all, newest
// first, whether the tests passed or not, and one failed undo does not stop the others
// (live safety: a CI run against a real account leaves nothing behind).
export type Cleanup = ReturnType<typeof createCleanup>;

export function createCleanup() {
  const undos: Array<{ description: string; undo: () => Promise<unknown> }> = [];
  return {
    add: (description: string, undo: () => Promise<unknown>) => void undos.push({ description, undo }),
    async run(): Promise<void> {
      const failures: string[] = [];
      while (undos.length > 0) {
        const { description, undo } = undos.pop()!;
        try {
          await undo();
        } catch (error) {
          failures.push(`${description}: ${(error as Error).message}`);
        }
      }
      if (failures.length > 0) throw new Error(`cleanup left resources behind:\n${failures.join('\n')}`);
    },
  };
}
