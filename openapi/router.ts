// A method and a path (without the server's /v1) -> the operation and its decoded path parameters, or why none.
import type { OperationInfo, OperationLookup } from './types.ts';

export type RoutableOperation = Pick<OperationInfo, 'operationId' | 'method' | 'template'>;

interface Route {
  operation: RoutableOperation;
  regex: RegExp;
  paramNames: string[];
  /** A letter per segment, `a` literal, `b` with a template: sorted, a literal segment comes before a template. */
  shape: string;
}

export interface Router {
  match(method: string, path: string): OperationLookup;
  /** The operations in the order they are tried: a literal segment before a template, then document order. */
  order: RoutableOperation[];
}

export function createRouter(operations: readonly RoutableOperation[]): Router {
  const routes = operations
    .map((operation): Route => {
      const paramNames: string[] = [];
      const pattern = operation.template.replace(/\{([^}]+)\}|[^{]+/g, (match, name: string | undefined) => {
        if (name === undefined) return match.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        paramNames.push(name);
        return '([^/]+)';
      });
      const shape = operation.template.split('/').map((segment) => (segment.includes('{') ? 'b' : 'a'));
      return { operation, regex: new RegExp(`^${pattern}/?$`), paramNames, shape: shape.join('') };
    })
    // A literal segment wins over a template at the first place two templates differ, as the service answers
    // (docs/openapi.md, "Ambiguous paths"): `/users/me` before `/users/{id}`, and `/connect/apps/{app_id}` before
    // `/connect/{project_id}/webhook`. Templates of one shape keep the document's order (a stable sort).
    .sort((a, b) => (a.shape < b.shape ? -1 : a.shape > b.shape ? 1 : 0));

  // The hot path of every request (docs/performance.md): only the routes whose first segment can
  // match the path's are tried, in the same order. A template whose first segment is a parameter
  // can match any path, so it is in every list.
  const anyFirst = routes.filter((route) => firstSegment(route.operation.template).includes('{'));
  const byFirst = new Map<string, Route[]>();
  for (const route of routes) {
    const first = firstSegment(route.operation.template);
    if (first.includes('{') || byFirst.has(first)) continue;
    byFirst.set(
      first,
      routes.filter(
        (candidate) =>
          candidate === route || firstSegment(candidate.operation.template) === first || anyFirst.includes(candidate),
      ),
    );
  }

  // A client asks for the same few paths again and again: each lookup is kept by method, then path
  // (no key is built per request), so a repeated request runs no regular expression. Bounded: when
  // full, the kept ones go at once.
  const known = new Map<string, Map<string, OperationLookup>>();
  let knownCount = 0;
  const match = (method: string, path: string): OperationLookup => {
    const kept = known.get(method)?.get(path);
    if (kept !== undefined) return kept;
    const lookup = freezeLookup(find(method, path));
    if (knownCount >= KNOWN_LOOKUPS) {
      known.clear();
      knownCount = 0;
    }
    known.set(method, (known.get(method) ?? new Map<string, OperationLookup>()).set(path, lookup));
    knownCount++;
    return lookup;
  };
  const find = (method: string, path: string): OperationLookup => {
    const upper = method.toUpperCase();
    const allowed: string[] = [];
    for (const route of byFirst.get(firstSegment(path)) ?? anyFirst) {
      const match = route.regex.exec(path);
      if (!match) continue;
      if (route.operation.method !== upper) {
        allowed.push(route.operation.method);
        continue;
      }
      const pathParams: Record<string, string> = {};
      try {
        for (let index = 0; index < route.paramNames.length; index++) {
          const raw = match[index + 1] ?? '';
          pathParams[route.paramNames[index]!] = raw.includes('%') ? decodeURIComponent(raw) : raw;
        }
      } catch {
        return { kind: 'not_found' };
      }
      const { operationId, template } = route.operation;
      return { kind: 'match', operationId, method: upper, template, pathParams };
    }
    return allowed.length > 0 ? { kind: 'method_not_allowed', allowed: [...new Set(allowed)] } : { kind: 'not_found' };
  };
  return { match, order: routes.map((route) => route.operation) };
}

const KNOWN_LOOKUPS = 1_000;

/** A kept lookup answers many requests: frozen, so no caller can change what the next one gets. */
function freezeLookup(lookup: OperationLookup): OperationLookup {
  if (lookup.kind === 'match') Object.freeze(lookup.pathParams);
  if (lookup.kind === 'method_not_allowed') Object.freeze(lookup.allowed);
  return Object.freeze(lookup);
}

/** `/workspaces/o_1/sources` -> `workspaces`; `/` -> ''. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end < 0 ? path.slice(1) : path.slice(1, end);
}
