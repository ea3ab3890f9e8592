// JSON pointers (RFC 6901) and local `$ref`s: the one implementation. Browser-safe (the validator runs in pages).

/** One pointer segment, escaped (`~` -> `~0`, `/` -> `~1`). */
export function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The value at a pointer (`''` is the whole document), or undefined when the path does not exist. */
export function valueAt(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let node: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (typeof node === 'object' && node !== null) node = (node as Record<string, unknown>)[key];
    else return undefined;
  }
  return node;
}

/** Follows local `$ref`s from `node` (at `pointer`) to a value (of the caller's `T`) and where it lives; external or cyclic ones throw. */
export function followRef<T = unknown>(document: unknown, node: unknown, pointer = ''): { node: T; pointer: string } {
  let current = node;
  let at = pointer;
  const seen = new Set<string>();
  while (typeof current === 'object' && current !== null && typeof (current as { $ref?: unknown }).$ref === 'string') {
    const ref = (current as { $ref: string }).$ref;
    if (!ref.startsWith('#') || seen.has(ref)) throw new Error(`unsupported or cyclic $ref ${ref}`);
    seen.add(ref);
    at = ref.slice(1);
    current = valueAt(document, at);
  }
  return { node: current as T, pointer: at };
}
