import { type FactoryContext, unixSeconds } from '../ids/random.ts';
import type {
  ConfiguredProps,
  EmailTrigger,
  EventSourceTrigger,
  HttpTrigger,
  TimerTrigger,
  Trigger,
  TriggerDefinition,
  TriggerKind,
} from './types.ts';
import { isId, newId } from '../ids/ids.ts';
import { endpointUrlOf, overrideWith, pickApp, slugify, timestamps, token } from './common.ts';
import { authProvisionIdOf } from './step.ts';

const TIMEZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'America/Los_Angeles'];

export function makeHttpTrigger(ctx: FactoryContext): HttpTrigger {
  const key = token(ctx, 15);
  return {
    id: newId('httpTrigger', ctx),
    key,
    endpoint_url: endpointUrlOf(ctx, key),
    custom_response: ctx.faker.datatype.boolean({ probability: 0.3 }),
    ...timestamps(ctx),
  };
}

export function makeTimerTrigger(ctx: FactoryContext): TimerTrigger {
  const { faker } = ctx;
  const stamps = timestamps(ctx);
  const useCron = faker.datatype.boolean();
  return {
    id: newId('timerTrigger', ctx),
    interval_seconds: useCron ? 0 : faker.helpers.arrayElement([60, 300, 900, 3600, 86_400]),
    cron: useCron ? faker.helpers.arrayElement(['0 9 * * 1-5', '*/15 * * * *', '0 0 * * *']) : null,
    timezone: faker.helpers.arrayElement(TIMEZONES),
    schedule_changed_at: stamps.updated_at,
    ...stamps,
  };
}

export function makeEmailTrigger(ctx: FactoryContext): EmailTrigger {
  return {
    id: newId('emailTrigger', ctx),
    email_address: `${token(ctx, 16)}@upload.example.net`,
    ...timestamps(ctx),
  };
}

export function makeEventSourceTrigger(
  ctx: FactoryContext,
  overrides?: Partial<EventSourceTrigger>,
): EventSourceTrigger {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const name = `${faker.helpers.arrayElement(app.events)} (${app.name})`;
  const trigger: EventSourceTrigger = {
    id: overrides?.id ?? newId('source', ctx),
    owner_id: overrides?.owner_id ?? newId('workspace', ctx),
    component_id: overrides?.component_id ?? newId('savedComponent', ctx),
    configured_props: { [app.slug]: { authProvisionId: newId('account', ctx) } },
    active: true,
    ...timestamps(ctx),
    name,
    name_slug: slugify(name),
  };
  return overrideWith(trigger, overrides);
}

export function makeTrigger(ctx: FactoryContext, kind: TriggerKind, ownerId?: string): Trigger {
  switch (kind) {
    case 'http':
      return makeHttpTrigger(ctx);
    case 'timer':
      return makeTimerTrigger(ctx);
    case 'email':
      return makeEmailTrigger(ctx);
    case 'source':
      return makeEventSourceTrigger(ctx, ownerId === undefined ? undefined : { owner_id: ownerId });
  }
}

export function triggerKindOfTrigger(trigger: Trigger): TriggerKind {
  if ('endpoint_url' in trigger) return 'http';
  if ('email_address' in trigger) return 'email';
  if ('interval_seconds' in trigger) return 'timer';
  return 'source';
}

/**
 * Trigger kind from the props of a POST /workflows trigger (openapi/openapi.yaml): cron or interval_seconds -> timer;
 * email -> email; component_id or any {authProvisionId} prop -> event source; otherwise HTTP.
 */
export function triggerKindOf(props: Record<string, unknown>): TriggerKind {
  if ('cron' in props || 'interval_seconds' in props) return 'timer';
  if ('email' in props) return 'email';
  if ('component_id' in props || Object.values(props).some((value) => authProvisionIdOf(value) !== undefined))
    return 'source';
  return 'http';
}

/** The trigger POST /workflows creates from `{props}`; `ownerId` is the workflow's workspace. */
export function makeTriggerFromDefinition(
  ctx: FactoryContext,
  definition: TriggerDefinition,
  ownerId: string,
): Trigger {
  const props = definition.props ?? {};
  const now = unixSeconds(ctx.now());
  const stamps = { created_at: now, updated_at: now };
  switch (triggerKindOf(props)) {
    case 'timer': {
      const interval = props.interval_seconds;
      const cron = props.cron;
      const timezone = props.timezone;
      return {
        id: newId('timerTrigger', ctx),
        interval_seconds: typeof interval === 'number' && Number.isInteger(interval) && interval >= 0 ? interval : 0,
        cron: typeof cron === 'string' ? cron : null,
        timezone: typeof timezone === 'string' && timezone !== '' ? timezone : 'UTC',
        schedule_changed_at: now,
        ...stamps,
      };
    }
    case 'email': {
      const email = props.email;
      return {
        id: newId('emailTrigger', ctx),
        email_address:
          typeof email === 'string' && email.includes('@') ? email : `${token(ctx, 16)}@upload.example.net`,
        ...stamps,
      };
    }
    case 'source': {
      const { component_id: componentId, name: givenName, ...configured } = props;
      const name = typeof givenName === 'string' && givenName !== '' ? givenName : 'Event source';
      return {
        id: newId('source', ctx),
        owner_id: ownerId,
        component_id: isId('savedComponent', componentId) ? componentId : newId('savedComponent', ctx),
        configured_props: configured as ConfiguredProps, // request props were validated against PropValue
        active: true,
        ...stamps,
        name,
        name_slug: slugify(name) || 'event-source',
      };
    }
    case 'http': {
      const key = token(ctx, 15);
      return {
        id: newId('httpTrigger', ctx),
        key,
        endpoint_url: endpointUrlOf(ctx, key),
        custom_response: props.custom_response === true,
        ...stamps,
      };
    }
  }
}
