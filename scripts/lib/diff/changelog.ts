/**
 * The API changelog OneDev does not publish: for each consecutive pair of releases, what changed
 * in the descriptions. Operation-level changes come from the breaking-change check (diffDocuments);
 * schema-level changes are listed once per component rather than once per operation that uses it.
 *
 * Breaking rules for components follow the direction data flows: a schema that responses reach
 * breaks readers when a property, enum value or family member appears they cannot handle or a
 * property they read disappears; one that requests reach breaks writers when something they send
 * is no longer accepted or something new becomes required.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { diffDocuments } from './documents.js';
import type { Change } from './types.js';
import { EXT, readExtension } from '../../../src/extensions.js';

type Json = Record<string, any>;

export interface ChangelogEntry {
  breaking: boolean;
  text: string;
}

export interface ReleaseChanges {
  from: string;
  to: string;
  operations: ChangelogEntry[];
  /** Component name -> its changes. */
  schemas: Map<string, ChangelogEntry[]>;
  /** Events posted to web hooks (`webhooks`): added, removed, moved to another event type; delivery headers. */
  webhooks: ChangelogEntry[];
}

const refName = (ref: unknown) => (typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined);

/** Names of the component schemas reachable from what requests send and from what responses return. */
function reach(doc: OpenAPIObject): { request: Set<string>; response: Set<string> } {
  const schemas = (doc.components?.schemas ?? {}) as Json;
  const walk = (node: unknown, into: Set<string>) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, into));
    if (!node || typeof node !== 'object') return;
    const name = refName((node as Json).$ref);
    if (name?.startsWith('#')) return;
    if (name !== undefined && (node as Json).$ref.startsWith('#/components/schemas/')) {
      if (into.has(name)) return;
      into.add(name);
      walk(schemas[name], into);
      return;
    }
    for (const value of Object.values(node)) walk(value, into);
  };
  const request = new Set<string>();
  const response = new Set<string>();
  const responses = (doc.components?.responses ?? {}) as Json;
  // A web-hook payload travels like a response: the server writes it, a receiver reads it.
  for (const item of Object.values((doc as Json).webhooks ?? {}) as Json[]) {
    for (const op of Object.values(item) as Json[]) if (op && typeof op === 'object') walk(op.requestBody, response);
  }
  for (const item of Object.values(doc.paths ?? {}) as Json[]) {
    for (const op of Object.values(item) as Json[]) {
      if (!op || typeof op !== 'object') continue;
      walk(op.requestBody, request);
      walk(op.parameters, request);
      for (const r of Object.values(op.responses ?? {}) as Json[]) {
        const target = r.$ref ? responses[String(r.$ref).split('/').pop()!] : r;
        walk(target?.content, response);
      }
    }
  }
  return { request, response };
}

/** A short type label: `string`, `integer (int64)`, `PullRequest`, `array of Label`, with `| null`. */
function typeLabel(schema: Json | undefined): string {
  if (!schema) return 'nothing';
  if (schema.$ref) return refName(schema.$ref)!;
  if (schema.oneOf) return schema.oneOf.map((s: Json) => typeLabel(s)).join(' | ');
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['any'];
  return types
    .map((t) => (t === 'array' ? `array of ${typeLabel(schema.items)}` : `${t}${t !== 'null' && schema.format ? ` (${schema.format})` : ''}`))
    .join(' | ');
}

const enumOf = (schema: Json | undefined): unknown[] => (Array.isArray(schema?.enum) ? schema!.enum : []);
const membersOf = (schema: Json | undefined): string[] =>
  Array.isArray(schema?.oneOf) && schema!.discriminator ? schema!.oneOf.map((m: Json) => refName(m.$ref)!).filter(Boolean) : [];

function compareComponent(name: string, a: Json, b: Json, reads: boolean, writes: boolean): ChangelogEntry[] {
  const out: ChangelogEntry[] = [];
  const add = (breaking: boolean, text: string) => out.push({ breaking, text });
  const oldMembers = membersOf(a);
  const newMembers = membersOf(b);
  for (const m of newMembers.filter((m) => !oldMembers.includes(m))) add(reads, `family member \`${m}\` added`);
  for (const m of oldMembers.filter((m) => !newMembers.includes(m))) add(writes || reads, `family member \`${m}\` removed`);
  const compareEnums = (where: string, x: Json | undefined, y: Json | undefined) => {
    const before = enumOf(x);
    const after = enumOf(y);
    for (const v of after.filter((v) => !before.includes(v))) add(reads, `${where}enum value \`${String(v)}\` added`);
    for (const v of before.filter((v) => !after.includes(v))) add(writes, `${where}enum value \`${String(v)}\` removed`);
  };
  compareEnums('', a, b);
  const before = (a.properties ?? {}) as Json;
  const after = (b.properties ?? {}) as Json;
  const requiredBefore = new Set<string>(a.required ?? []);
  const requiredAfter = new Set<string>(b.required ?? []);
  for (const prop of Object.keys(after).filter((p) => !(p in before))) {
    const required = requiredAfter.has(prop);
    add(writes && required, `property \`${prop}\` added (${typeLabel(after[prop])}${writes && required ? ', required in requests' : ''})`);
  }
  for (const prop of Object.keys(before).filter((p) => !(p in after))) {
    // Readers lose it; writers that still send it are refused (request shapes refuse unknown names).
    add(reads || (writes && b.additionalProperties === false), `property \`${prop}\` removed`);
  }
  for (const prop of Object.keys(before).filter((p) => p in after)) {
    const x = before[prop] as Json;
    const y = after[prop] as Json;
    const [tx, ty] = [typeLabel(x), typeLabel(y)];
    if (tx !== ty) {
      const widenedToNull = ty === `${tx} | null` || ty.replace(/ \| null/, '') === tx.replace(/ \| null/, '');
      const nowNull = widenedToNull && ty.includes('null') && !tx.includes('null');
      const breaking = widenedToNull ? (nowNull ? reads : writes) : true;
      add(breaking, `property \`${prop}\`: ${tx} → ${ty}`);
    }
    compareEnums(`property \`${prop}\`: `, x.oneOf?.[0] ?? x, y.oneOf?.[0] ?? y);
    if (!requiredBefore.has(prop) && requiredAfter.has(prop) && writes && b.additionalProperties === false) {
      add(true, `property \`${prop}\` is now required in requests`);
    }
  }
  return out;
}

/** Operation-level changes: the diff's findings that are not inside a schema. */
function operationEntries(changes: readonly Change[]): ChangelogEntry[] {
  const topLevel = changes.filter((c) => c.where.split(' › ').length <= 2 || c.kind.startsWith('operation'));
  return topLevel.map((c) => ({
    breaking: c.breaking,
    text:
      c.kind === 'operation-added' || c.kind === 'operation-removed'
        ? `${c.kind === 'operation-added' ? 'added' : 'removed'}: \`${c.where}\``
        : `\`${c.where}\`: ${c.message}`,
  }));
}

interface WebhookFacts {
  eventType?: string;
  payload?: string;
  headers: string[];
  customHeaders: boolean;
}

function webhookFacts(doc: OpenAPIObject): Map<string, WebhookFacts> {
  const out = new Map<string, WebhookFacts>();
  for (const [name, item] of Object.entries(((doc as Json).webhooks ?? {}) as Json)) {
    const post = (item as Json).post as Json | undefined;
    const media = Object.values((post?.requestBody?.content ?? {}) as Json)[0] as Json | undefined;
    out.set(name, {
      eventType: readExtension(post, EXT.eventType),
      payload: refName(media?.schema?.$ref),
      headers: ((post?.parameters ?? []) as Json[]).filter((p) => p.in === 'header').map((p) => String(p.name)),
      customHeaders: readExtension(post, EXT.customHeaders) === true,
    });
  }
  return out;
}

/**
 * Web-hook changes. A receiver written for the older release keeps working when an event is added
 * or removed (it never sees the one, no longer gets the other); it breaks when an event moves to
 * another event type (its hooks no longer select it) or a header it reads goes away. Payload
 * changes are listed with the schemas, as changes to what a reader reads.
 */
function webhookEntries(oldDoc: OpenAPIObject, newDoc: OpenAPIObject): ChangelogEntry[] {
  const before = webhookFacts(oldDoc);
  const after = webhookFacts(newDoc);
  const out: ChangelogEntry[] = [];
  const types = (facts: Map<string, WebhookFacts>) => new Set([...facts.values()].map((f) => f.eventType).filter((t): t is string => !!t));
  const [typesBefore, typesAfter] = [types(before), types(after)];
  for (const t of [...typesAfter].filter((t) => !typesBefore.has(t))) out.push({ breaking: false, text: `event type \`${t}\` added: hooks can select it` });
  for (const t of [...typesBefore].filter((t) => !typesAfter.has(t))) out.push({ breaking: true, text: `event type \`${t}\` removed: hooks can no longer select it` });
  for (const [name, facts] of after) {
    if (!before.has(name)) out.push({ breaking: false, text: `added: \`${name}\` (${facts.eventType ?? 'no event type'}, payload \`${facts.payload}\`)` });
  }
  for (const [name, facts] of before) {
    const now = after.get(name);
    if (!now) {
      out.push({ breaking: false, text: `removed: \`${name}\` (${facts.eventType ?? 'no event type'}): no longer posted` });
      continue;
    }
    if (now.eventType !== facts.eventType) out.push({ breaking: true, text: `\`${name}\`: event type ${facts.eventType} → ${now.eventType}` });
    if (now.payload !== facts.payload) out.push({ breaking: true, text: `\`${name}\`: payload \`${facts.payload}\` → \`${now.payload}\`` });
  }
  const headers = (facts: Map<string, WebhookFacts>) => new Set([...facts.values()].flatMap((f) => f.headers));
  const [headersBefore, headersAfter] = [headers(before), headers(after)];
  if (before.size > 0 && after.size > 0) {
    for (const h of [...headersAfter].filter((h) => !headersBefore.has(h))) out.push({ breaking: false, text: `header \`${h}\` added to every delivery` });
    for (const h of [...headersBefore].filter((h) => !headersAfter.has(h))) out.push({ breaking: true, text: `header \`${h}\` no longer sent` });
    const custom = (facts: Map<string, WebhookFacts>) => [...facts.values()].some((f) => f.customHeaders);
    if (!custom(before) && custom(after)) out.push({ breaking: false, text: 'hooks may add headers of their own (custom headers)' });
    if (custom(before) && !custom(after)) out.push({ breaking: true, text: 'hooks no longer send headers of their own (custom headers)' });
  }
  return out;
}

export function releaseChanges(from: string, to: string, oldDoc: OpenAPIObject, newDoc: OpenAPIObject): ReleaseChanges {
  const operations = operationEntries(diffDocuments(oldDoc, newDoc, [from, to]));
  const oldSchemas = (oldDoc.components?.schemas ?? {}) as Json;
  const newSchemas = (newDoc.components?.schemas ?? {}) as Json;
  const used = reach(newDoc);
  const usedBefore = reach(oldDoc);
  const schemas = new Map<string, ChangelogEntry[]>();
  for (const name of [...new Set([...Object.keys(oldSchemas), ...Object.keys(newSchemas)])].sort()) {
    const a = oldSchemas[name] as Json | undefined;
    const b = newSchemas[name] as Json | undefined;
    let entries: ChangelogEntry[];
    if (!a) entries = [{ breaking: false, text: 'schema added' }];
    else if (!b) entries = [{ breaking: false, text: 'schema removed (the operations that used it are listed above)' }];
    else {
      const reads = used.response.has(name) || usedBefore.response.has(name);
      const writes = used.request.has(name) || usedBefore.request.has(name);
      entries = compareComponent(name, a, b, reads, writes);
    }
    if (entries.length > 0) schemas.set(name, entries);
  }
  return { from, to, operations, schemas, webhooks: webhookEntries(oldDoc, newDoc) };
}

const line = (e: ChangelogEntry) => `- ${e.breaking ? '**breaking** ' : ''}${e.text}`;

/** The Markdown changelog, newest pair first. */
export function renderChangelog(pairs: readonly ReleaseChanges[]): string {
  const out = [
    '# API changelog',
    '',
    'What changed in the REST API, and in the events OneDev posts to web hooks, between the OneDev',
    'releases this project describes, read from the descriptions themselves (OneDev does not publish',
    'one). Written by `npm run build`',
    '(scripts/lib/diff/changelog.ts); do not edit by hand. **breaking** marks a change that can break a',
    'client written or generated for the older release. Compare any two description files yourself with',
    '`npm run diff -- old.json new.json`.',
  ];
  for (const pair of [...pairs].reverse()) {
    const added = pair.operations.filter((e) => e.text.startsWith('added:')).length;
    const removed = pair.operations.filter((e) => e.text.startsWith('removed:')).length;
    out.push('', `## ${pair.from} → ${pair.to}`, '');
    const all = [...pair.operations, ...pair.webhooks, ...[...pair.schemas.values()].flat()];
    const breaking = all.filter((e) => e.breaking).length;
    const hooks = pair.webhooks.filter((e) => e.text.startsWith('added:')).length;
    const unhooked = pair.webhooks.filter((e) => e.text.startsWith('removed:')).length;
    out.push(
      `${added} operation(s) added, ${removed} removed; ${hooks} web-hook event(s) added, ${unhooked} removed; ` +
        `${pair.schemas.size} schema(s) changed; ${breaking} breaking change(s).`,
    );
    if (pair.operations.length > 0) {
      out.push('', '### Operations', '');
      const sorted = [...pair.operations].sort((x, y) => Number(y.breaking) - Number(x.breaking) || x.text.localeCompare(y.text));
      out.push(...sorted.map(line));
    }
    if (pair.webhooks.length > 0) {
      out.push('', '### Web hooks', '');
      out.push(...pair.webhooks.map(line));
    }
    if (pair.schemas.size > 0) {
      out.push('', '### Schemas');
      for (const [name, entries] of pair.schemas) {
        out.push('', `#### ${name}`, '', ...entries.map(line));
      }
    }
  }
  return `${out.join('\n')}\n`;
}
