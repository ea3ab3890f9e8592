import type { FactoryContext } from '../ids/random.ts';
import type { Project } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, timestamps } from './common.ts';

export function makeProject(ctx: FactoryContext, overrides?: Partial<Project>): Project {
  const { faker } = ctx;
  const project: Project = {
    id: overrides?.id ?? newId('project', ctx),
    name: `${faker.commerce.productAdjective()} ${faker.commerce.product()} integration`,
    org_id: overrides?.org_id ?? newId('workspace', ctx),
    ...timestamps(ctx),
  };
  return overrideWith(project, overrides);
}
