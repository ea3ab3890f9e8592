import type { FactoryContext } from '../ids/random.ts';
import type { ConfigurableProp, SavedComponent, SavedComponentApp, Step, StepDefinition } from './types.ts';
import { newId } from '../ids/ids.ts';
import { hex, overrideWith, pickApp } from './common.ts';

const NODE_CODE = `export default defineComponent({
  async run({ steps, $ }) {
    return steps.trigger.event
  },
})
`;

const PYTHON_CODE = `def handler(pd: "pipedream"):
    return pd.steps["trigger"]["event"]
`;

export function makeSavedComponent(ctx: FactoryContext, overrides?: Partial<SavedComponent>): SavedComponent {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const python = faker.datatype.boolean({ probability: 0.2 });
  const hasKey = faker.datatype.boolean();
  const component: SavedComponent = {
    id: overrides?.id ?? newId('savedComponent', ctx),
    code: python ? PYTHON_CODE : NODE_CODE,
    codeHash: hex(ctx, 64),
    configurableProps: [
      { name: app.slug, type: 'app', app: app.slug },
      { name: 'text', type: 'string' },
    ],
    key: hasKey
      ? `${app.slug.replace(/_/g, '-')}-${faker.helpers.arrayElement(['send-message', 'create-record', 'list-items'])}`
      : null,
    description: hasKey ? faker.lorem.sentence() : null,
    entryPath: null,
    version: faker.system.semver(),
    apps: [{ appId: newId('app', ctx), nameSlug: app.slug, authType: 'keys' }],
  };
  return overrideWith(component, overrides);
}

export function makeStep(ctx: FactoryContext, overrides?: Partial<Step>): Step {
  const { faker } = ctx;
  const savedComponent = overrides?.savedComponent ?? makeSavedComponent(ctx);
  const props: Record<string, unknown> = { text: faker.lorem.words(3) };
  const authProvisionIdMap: Record<string, string> = {};
  for (const prop of savedComponent.configurableProps) {
    if (prop.type === 'app') {
      const id = newId('account', ctx);
      props[prop.name] = { authProvisionId: id };
      authProvisionIdMap[prop.name] = id;
    }
  }
  const step: Step = {
    id: overrides?.id ?? newId('step', ctx),
    type: 'CodeCell',
    namespace: `${faker.helpers.arrayElement(['send_message', 'transform', 'filter', 'notify', 'store_row'])}_${faker.number.int({ min: 1, max: 9 })}`,
    disabled: faker.datatype.boolean({ probability: 0.1 }),
    code_raw: null,
    codeRaw: null,
    codeConfigJson: null,
    text_raw: null,
    flat_params_visibility_json: null,
    lang: savedComponent.code === PYTHON_CODE ? 'python3.12' : 'nodejs20.x',
    appConnections: [],
    params_json: JSON.stringify(props),
    component: true,
    savedComponent,
    component_key: savedComponent.key,
    component_owner_id: null,
    configured_props_json: JSON.stringify(props),
    authProvisionIdMap,
    authProvisionIds: Object.values(authProvisionIdMap),
  };
  return overrideWith(step, overrides);
}

/** An app prop value: `{authProvisionId: "apn_..."}` (spec, POST /workflows body). */
export function authProvisionIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const id = (value as { authProvisionId?: unknown }).authProvisionId;
  return typeof id === 'string' ? id : undefined;
}

function propType(value: unknown): string {
  if (Array.isArray(value)) return 'string[]';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object' && value !== null) return 'object';
  return 'string';
}

/**
 * The step POST /workflows creates from `{namespace, props}` (openapi/openapi.yaml): CodeCell, nodejs20.x, enabled,
 * params_json/configured_props_json the props' JSON, each `{authProvisionId}` prop in authProvisionIds/-Map.
 */
export function makeStepFromDefinition(ctx: FactoryContext, definition: StepDefinition): Step {
  const props = definition.props ?? {};
  const configurableProps: ConfigurableProp[] = [];
  const apps: SavedComponentApp[] = [];
  const authProvisionIdMap: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    const accountId = authProvisionIdOf(value);
    if (accountId !== undefined) {
      authProvisionIdMap[name] = accountId;
      configurableProps.push({ name, type: 'app', app: name });
      apps.push({ appId: newId('app', ctx), nameSlug: name, authType: 'keys' });
    } else {
      configurableProps.push({ name, type: propType(value) });
    }
  }
  const propsJson = JSON.stringify(props);
  const savedComponent: SavedComponent = {
    id: newId('savedComponent', ctx),
    code: NODE_CODE,
    codeHash: hex(ctx, 64),
    configurableProps,
    key: null,
    description: null,
    entryPath: null,
    version: '0.0.1',
    apps,
  };
  return {
    id: newId('step', ctx),
    type: 'CodeCell',
    namespace: definition.namespace,
    disabled: false,
    code_raw: null,
    codeRaw: null,
    codeConfigJson: null,
    text_raw: null,
    flat_params_visibility_json: null,
    lang: 'nodejs20.x',
    appConnections: [],
    params_json: propsJson,
    component: true,
    savedComponent,
    component_key: null,
    component_owner_id: null,
    configured_props_json: propsJson,
    authProvisionIdMap,
    authProvisionIds: Object.values(authProvisionIdMap),
  };
}
