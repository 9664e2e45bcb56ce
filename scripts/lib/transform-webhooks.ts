/**
 * One release's web hooks as the `webhooks` section of OpenAPI 3.1: per event, a POST whose body
 * is the payload schema, whose header parameters are OneDev's delivery headers and whose answers
 * are what OneDev does with the receiver's. Nothing here names an event: it is all catalogue data.
 */
import type { OperationObject, ParameterObject, PathItemObject } from 'openapi3-ts/oas31';
import type { ParameterSpec } from '../../spec/model.js';
import type { Problems } from './problems.js';
import { schemaRef, transformType } from './transform-schema.js';
import type { SelectedGroup } from './select-release.js';
import type { SelectedWebhookCause, SelectedWebhooks } from './select-webhooks.js';
import { EXT, extensionEntry, readExtension, type SentAfter } from '../../src/extensions.js';


/** What the web hooks need to know of the rest of the release. */
export interface WebhookContext {
  knownSchemas: ReadonlySet<string>;
  knownExamples: ReadonlySet<string>;
  usedExamples: Set<string>;
  /** `METHOD /path` -> the release's operation there. */
  operations: ReadonlyMap<string, { operationId: string; pathParams: readonly string[]; hasBody: boolean }>;
  problems: Problems;
}

/** The release's operations by route, as causes name them (the operationIds from the built paths). */
export function operationsByRoute(
  groups: readonly SelectedGroup[],
  parameters: Readonly<Record<string, ParameterSpec>>,
  paths: Readonly<Record<string, Record<string, unknown>>>,
): WebhookContext['operations'] {
  const out = new Map<string, { operationId: string; pathParams: readonly string[]; hasBody: boolean }>();
  for (const op of groups.flatMap((g) => g.operations)) {
    const built = paths[op.path]?.[op.method.toLowerCase()] as { operationId?: string } | undefined;
    if (!built?.operationId) continue;
    const pathParams = (op.parameters ?? []).map((key) => parameters[key]).filter((p) => p?.in === 'path').map((p) => p!.name);
    out.set(`${op.method} ${op.path}`, { operationId: built.operationId, pathParams, hasBody: op.body !== undefined });
  }
  return out;
}

/** The operationId of an event's web hook. */
export const webhookOperationId = (event: string): string => `webhook${event}`;

const PLACEHOLDER = /\{([^{}]+)\}/g;
const READ = /^GET (\/\S*) ([A-Za-z_$][\w$]*)$/;

/** The references a payload source makes (`answer`, `path.x`, `body.x`), for checking them. */
function referencesOf(source: string): string[] {
  const read = READ.exec(source);
  if (read) return [...read[1]!.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  // A bare `word.word` is a reference (a typo in one is named, not sent as text).
  if (/^(answer|now|[A-Za-z]+\.[\w$]+)$/.test(source)) return [source];
  return [...source.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** Whether a read's path (placeholders standing for values) fits a GET path template of the release. */
function readFits(path: string, operations: WebhookContext['operations']): boolean {
  const segments = path.split('/');
  return [...operations.keys()].some((route) => {
    if (!route.startsWith('GET ')) return false;
    const template = route.slice(4).split('/');
    return template.length === segments.length && template.every((t, i) => t === segments[i] || (t.startsWith('{') && t.endsWith('}')));
  });
}

function checkCause(event: string, cause: SelectedWebhookCause, payloadProperties: ReadonlySet<string> | undefined, ctx: WebhookContext): string | undefined {
  const where = `web hook ${event}, cause ${cause.route}`;
  const operation = ctx.operations.get(cause.route);
  if (!operation) {
    ctx.problems.add(`${where}: no operation of this release has that route`);
    return undefined;
  }
  for (const [property, source] of Object.entries(cause.values ?? {})) {
    if (payloadProperties && !payloadProperties.has(property)) ctx.problems.add(`${where}: the payload has no property "${property}"`);
    const read = READ.exec(source);
    if (read && !readFits(read[1]!, ctx.operations)) ctx.problems.add(`${where}, ${property}: no GET operation of this release reads ${read[1]}`);
    for (const reference of referencesOf(source)) {
      const [kind, name] = reference.split('.') as [string, string | undefined];
      if (kind === 'path' && !operation.pathParams.includes(name ?? '')) ctx.problems.add(`${where}, ${property}: the operation has no path parameter "${name}"`);
      else if (kind === 'body' && !operation.hasBody) ctx.problems.add(`${where}, ${property}: the operation takes no body`);
      else if (!(['path', 'body'].includes(kind) && name) && reference !== 'answer' && reference !== 'now') ctx.problems.add(`${where}, ${property}: "${reference}" is not answer, now, path.<name> or body.<name>`);
    }
  }
  return operation.operationId;
}

export function transformWebhooks(
  selected: SelectedWebhooks,
  payloadProperties: (schema: string) => ReadonlySet<string> | undefined,
  ctx: WebhookContext,
): Record<string, PathItemObject> {
  const { delivery } = selected;
  const parameters: ParameterObject[] = delivery.headers.map((header) => ({
    name: header.name,
    in: 'header',
    required: true,
    description: header.description,
    schema: transformType(header.type, { where: `web hook header ${header.name}`, known: ctx.knownSchemas, problems: ctx.problems }),
    example: header.example,
    ...(header.secret ? extensionEntry(EXT.secret, true) : {}),
  }));
  if (parameters.filter((p) => readExtension(p, EXT.secret)).length !== 1) ctx.problems.add('web hook headers: exactly one must carry the secret');
  const responses = Object.fromEntries(Object.entries(delivery.responses).map(([status, description]) => [status, { description }]));
  const webhooks: Record<string, PathItemObject> = {};
  for (const type of selected.eventTypes) {
    if (type.events.length === 0) ctx.problems.add(`web hook event type ${type.eventType}: no events`);
    for (const event of type.events) {
      const where = `web hook ${event.name}`;
      if (webhooks[event.name]) ctx.problems.add(`${where}: defined twice`);
      if (!event.description.trim()) ctx.problems.add(`${where}: description is empty`);
      if (!ctx.knownSchemas.has(event.payload)) ctx.problems.add(`${where}: payload "${event.payload}" is not a component schema of this release`);
      if (!ctx.knownExamples.has(event.example)) ctx.problems.add(`${where}: example "${event.example}" is not an example of this release`);
      else ctx.usedExamples.add(event.example);
      const properties = payloadProperties(event.payload);
      // The delivery's shared sources, for the properties this payload has, under the cause's own.
      const shared = Object.fromEntries(Object.entries(delivery.values).filter(([property]) => properties?.has(property)));
      const sentAfter = event.causes.flatMap((cause) => {
        const values = { ...shared, ...(cause.values ?? {}) };
        const operationId = checkCause(event.name, { ...cause, values }, properties, ctx);
        return operationId ? [{ operationId, route: cause.route, values } satisfies SentAfter] : [];
      });
      const causedBy = sentAfter.length
        ? `\n\nThrough the REST API, these operations make OneDev send it: ${sentAfter.map((s) => `\`${s.operationId}\` (\`${s.route}\`)`).join(', ')}.`
        : '';
      const operation: OperationObject = {
        operationId: webhookOperationId(event.name),
        summary: event.name,
        description: `${event.description}${causedBy}\n\n${delivery.description}`,
        tags: [type.tag],
        // OneDev sends no credentials of its own: the secret header is how a receiver knows it.
        security: [],
        parameters,
        requestBody: {
          required: true,
          description: type.description,
          content: {
            [delivery.mediaType]: {
              schema: { $ref: schemaRef(event.payload) },
              examples: { [event.name]: { $ref: `#/components/examples/${event.example}` } },
            },
          },
        },
        responses,
        ...extensionEntry(EXT.eventType, type.eventType),
        ...extensionEntry(EXT.sentAfter, sentAfter),
        ...extensionEntry(EXT.customHeaders, delivery.customHeaders),
      };
      webhooks[event.name] = { post: operation };
    }
  }
  return webhooks;
}
