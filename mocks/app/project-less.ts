// The Connect routes as @pipedream/sdk calls them without a project ID (docs/worlds.md, "A Connect client
// without a project ID"): routed to the token's project's operation, so one operation stays the trust boundary.
import { createRouter, type RoutableOperation } from '../../openapi/router.ts';
import type { Validator } from '../../openapi/validator.ts';

const SCOPED = '/connect/{project_id}/';
const PROJECT_ID = /^proj_/;

/** The project-scoped path a project-less Connect path stands for, or the path unchanged. */
export type ProjectLessRouting = (method: string, path: string, projectOf: () => string | undefined) => string;

const PREFIX = '/connect/';

/**
 * The routing of project-less Connect paths: `/connect/accounts` -> `/connect/proj_1/accounts` for
 * the token's project (`projectOf`), every other path unchanged.
 *
 * @example
 * const scoped = projectLessRouting(validator);
 * scoped('GET', '/connect/accounts', () => 'proj_Zt4Wn8Q'); // '/connect/proj_Zt4Wn8Q/accounts'
 * scoped('GET', '/connect/projects/proj_Zt4Wn8Q', () => 'proj_Zt4Wn8Q'); // unchanged: an operation of its own
 */
export function projectLessRouting(validator: Validator): ProjectLessRouting {
  // Each project-scoped operation under its collapsed template, `/connect/accounts/{account_id}`.
  const collapsed: RoutableOperation[] = [];
  for (const operationId of validator.operationIds) {
    const { method, template } = validator.describeOperation(operationId);
    if (!template.startsWith(SCOPED)) continue;
    collapsed.push({ operationId, method, template: PREFIX + template.slice(SCOPED.length) });
  }
  const router = createRouter(collapsed);
  return (method, path, projectOf) => {
    if (!path.startsWith(PREFIX)) return path;
    const rest = path.slice(PREFIX.length);
    const first = rest.split('/', 1)[0]!;
    if (PROJECT_ID.test(first)) return path;
    const scoped = router.match(method, path);
    if (scoped.kind !== 'match') return path;
    // An operation of its own at this path stays, unless the collapsed template is the more specific
    // (`/connect/projects/info` is projects.retrieveInfo, not getProject of a project named `info`).
    const own = validator.matchOperation(method, path);
    if (own.kind === 'match' && !moreSpecific(scoped.template, own.template)) return path;
    const projectId = projectOf();
    return projectId === undefined ? path : `${PREFIX}${encodeURIComponent(projectId)}/${rest}`;
  };
}

/** Whether template `a` names a literal segment where `b` has a parameter, at their first difference. */
function moreSpecific(a: string, b: string): boolean {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const l = left[i]!.startsWith('{');
    const r = right[i]!.startsWith('{');
    if (l !== r) return r;
  }
  return false;
}
