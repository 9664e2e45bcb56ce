/**
 * What every web-hook module shares: the fields every event carries (OneDev's ProjectEvent), the
 * `type` property, and `webhookModule`, which turns a family's event list into its catalogue
 * entries (the events, their payload schemas, their examples). Data only; the builder reads it.
 */
import type {
  ExampleChange,
  ExampleSpec,
  ExampleTable,
  Field,
  ObjectSchema,
  SchemaTable,
  Versioned,
  WebhookCause,
  WebhookEventSpec,
  WebhookEventTypeSpec,
} from '../model.js';
import { compareTags, type Lifespan, type OneDevTag } from '../releases.js';

/** A module of spec/webhooks/: one `WebHook.EventType` with its events, payloads and examples. */
export interface WebhookModule {
  eventType: WebhookEventTypeSpec;
  schemas: SchemaTable;
  examples: ExampleTable;
}

/** The tag from which every payload names its event class in `type` (ProjectEvent.getType). */
export const TYPE_PROPERTY_SINCE: OneDevTag = 'v14.1.4';
/** The tag from which every payload lists the users behind it. */
export const PARTICIPANTS_SINCE: OneDevTag = 'v16.3.0';

/** A commit id as OneDev writes it: 40 lower-case hex digits. */
export const COMMIT_ID = { pattern: '^[0-9a-f]{40}$' } as const;
/** The id of no commit: the old side of a created ref, the new side of a deleted one. */
export const ZERO_COMMIT = '0000000000000000000000000000000000000000';

/**
 * The email addresses a comment or an opened record made by email already reached (v16.0.3 renamed
 * the field); `what` names the record in the descriptions.
 */
export const mailAddresses = (what: string): Record<string, Field> => ({
  notifiedEmailAddresses: {
    until: 'v16.0.3',
    type: { array: 'string' },
    description: `Email addresses that already know of this ${what}: the sender and recipients of the email it came from (empty when it was not made by email).`,
  },
  listeningEmailAddresses: {
    since: 'v16.0.3',
    type: { array: 'string' },
    description: `Email addresses that already follow this ${what} by email: the sender and recipients of the email it came from (empty when it was not made by email).`,
  },
});
/** The example change that goes with mailAddresses' rename. */
export const renamedAddresses: readonly ExampleChange[] = [{ since: 'v16.0.3', drop: ['notifiedEmailAddresses'], set: { listeningEmailAddresses: [] } }];

/** Fields of every event (ProjectEvent), in the order OneDev writes them. */
export const projectEventFields: Record<string, Versioned<Field>> = {
  projectId: {
    type: 'int64',
    description:
      'Id of the project the event happened in. The hook that receives it belongs to this project or to one of its parents.',
  },
  userId: {
    type: 'int64',
    nullable: true,
    description: 'Id of the user who caused the event; null when OneDev caused it itself (a check, a scheduled job, a build step).',
  },
  date: { type: 'date-time', description: 'When the event happened.' },
  participatingUserIds: {
    since: PARTICIPANTS_SINCE,
    type: { array: 'int64' },
    description:
      'Ids of the users whose actions led to this event, the acting user last; empty when OneDev acted alone. ' +
      'OneDev reads it to keep automated replies from answering each other.',
  },
};

/** The values of the shared fields in every example. */
const projectEventExample = { projectId: 7, userId: 3, date: '2025-07-01T09:42:03.117+08:00' };

/** One event of a family, as a module writes it. */
export interface EventDefinition extends Lifespan {
  /** The event class's simple name. */
  name: string;
  /** When OneDev sends it, in our words (the web hook's description and the payload's). */
  sent: string;
  /** The class's own fields, after the family's. */
  fields?: Record<string, Versioned<Field>>;
  /** Example values of the family's and the class's own fields (over the shared ones). */
  example: Record<string, unknown>;
  /** Later shapes of the example, for fields that came or went. */
  changes?: readonly ExampleChange[];
  causes?: readonly WebhookCause[];
}

export interface FamilyDefinition extends Omit<WebhookEventTypeSpec, 'events'> {
  /** Fields every event of the family adds to the shared ones (its abstract class's). */
  fields: Record<string, Versioned<Field>>;
  events: readonly EventDefinition[];
}

/** The payload component of an event class. */
export const payloadName = (event: string): string => `${event}Payload`;

function spanOf(value: Lifespan): Lifespan {
  return { ...(value.since ? { since: value.since } : {}), ...(value.until ? { until: value.until } : {}) };
}

/** The example's later shapes, oldest first: the event's own, then the ones every payload has. */
function exampleChanges(event: EventDefinition, baseUserId: unknown): ExampleChange[] {
  // The acting user as the example has it when the participants came (an earlier change may set it).
  let userId = baseUserId;
  for (const change of event.changes ?? []) {
    if (compareTags(change.since, PARTICIPANTS_SINCE) <= 0 && change.set && 'userId' in change.set) userId = change.set.userId;
  }
  const changes: ExampleChange[] = [
    ...(event.changes ?? []),
    { since: TYPE_PROPERTY_SINCE, set: { type: event.name } },
    { since: PARTICIPANTS_SINCE, set: { participatingUserIds: typeof userId === 'number' ? [userId] : [] } },
  ];
  return changes.sort((a, b) => compareTags(a.since, b.since));
}

/** The family's events, payload schemas and examples. */
export function webhookModule(family: FamilyDefinition): WebhookModule {
  const { fields: familyFields, events: definitions, ...eventType } = family;
  const events: WebhookEventSpec[] = [];
  const schemas: SchemaTable = {};
  const examples: ExampleTable = {};
  for (const event of definitions) {
    const span = spanOf(event);
    const name = payloadName(event.name);
    events.push({ ...span, name: event.name, description: event.sent, payload: name, example: name, ...(event.causes ? { causes: event.causes } : {}) });
    const schema: ObjectSchema = {
      ...span,
      kind: 'object',
      usage: 'response',
      description: `The body OneDev posts for ${event.name}. ${event.sent}`,
      fields: {
        ...projectEventFields,
        ...familyFields,
        ...(event.fields ?? {}),
        type: {
          since: TYPE_PROPERTY_SINCE,
          type: { enum: [event.name] },
          description: `The event class's name, always \`${event.name}\` here: what tells one event from another.`,
        },
      },
    };
    schemas[name] = schema;
    const value = { ...projectEventExample, ...event.example };
    const example: ExampleSpec = {
      ...span,
      summary: `${event.name}, as OneDev posts it`,
      value,
      changes: exampleChanges(event, value.userId),
    };
    examples[name] = example;
  }
  return { eventType: { ...eventType, events }, schemas, examples };
}
