/**
 * The web-hook deliveries a real OneDev 16.5.6 posted (test/fixtures/real-server/v16.5.6/webhooks,
 * see the README beside the transcript) held against the committed v16.5.6 description and the
 * receiver kit: each body validates against the `webhooks` entry its `type` names, each header is
 * one the description accounts for, and receiveWebhook takes each with the hook's secret only.
 *
 * Headers: the entry's header parameters (each validated against its schema, the required ones
 * present); Content-Type, the entry's request body media type; Accept, as the entry's description
 * states it; the hook's custom header, where the entry says hooks may add headers. The rest are the
 * HTTP client's own (Host, Content-Length, Connection, User-Agent, Accept-Encoding), which the
 * description leaves to HTTP: they are allowed, and Content-Length must be the body's length.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ParameterObject } from 'openapi3-ts/oas31';
import { describe, expect, it } from 'vitest';
import { receiveWebhook } from '../../src/webhooks/index.js';
import { createValidator, errorsOf } from '../support/ajv.js';
import { committedDocument, ROOT } from '../helpers.js';

interface Delivery {
  method: string;
  url: string;
  headers: Record<string, string>;
  rawHeaders: string[];
  body: string;
}

interface WebhookPost {
  description: string;
  parameters: ParameterObject[];
  requestBody: { content: Record<string, { schema: unknown }> };
  'x-onedev-custom-headers'?: boolean;
}

const SECRET = 's3cret-hook';
/** Set by the HTTP client OneDev posts with, not by OneDev. */
const TRANSPORT = ['host', 'content-length', 'connection', 'user-agent', 'accept-encoding'];
/** The hooks of the recording: their URLs and the custom header each was given (README). */
const HOOKS: Record<string, Record<string, string>> = { '/hook': { 'x-custom-test': 'custom-3' }, '/hook?from=acme': { 'x-custom-test': 'custom-2' } };

const deliveries = readFileSync(join(ROOT, 'test/fixtures/real-server/v16.5.6/webhooks/deliveries.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Delivery);
const doc = committedDocument('v16.5.6');
const webhooks = (doc as unknown as { webhooks: Record<string, { post: WebhookPost }> }).webhooks;
const validator = createValidator(doc);

const typeOf = (delivery: Delivery): string => (JSON.parse(delivery.body) as { type: string }).type;
const label = (delivery: Delivery, index: number): string => `delivery ${index + 1} (${typeOf(delivery)} to ${delivery.url})`;

/** What is wrong with a delivery's headers, by the rules at the top. */
function headerProblems(delivery: Delivery, post: WebhookPost): string[] {
  const headers = delivery.headers;
  const problems: string[] = [];
  const documented = post.parameters.filter((p) => p.in === 'header');
  for (const parameter of documented) {
    const value = headers[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) problems.push(`${parameter.name} is missing`);
      continue;
    }
    const validate = validator.compile(parameter.schema);
    if (!validate(value)) problems.push(`${parameter.name}: ${errorsOf(validate).join('; ')}`);
  }
  const mediaTypes = Object.keys(post.requestBody.content);
  if (!mediaTypes.includes(headers['content-type'] ?? '')) problems.push(`Content-Type ${headers['content-type']} is not ${mediaTypes.join(' or ')}`);
  const accept = /`Accept: ([^`]+)`/.exec(post.description)?.[1];
  if (headers.accept !== accept) problems.push(`Accept ${headers.accept} is not the documented ${accept}`);
  if (headers['content-length'] !== String(Buffer.byteLength(delivery.body))) problems.push(`Content-Length ${headers['content-length']} is not the body's length`);
  const custom = post['x-onedev-custom-headers'] === true ? (HOOKS[delivery.url] ?? {}) : {};
  for (const [name, value] of Object.entries(custom)) if (headers[name] !== value) problems.push(`custom header ${name} is ${headers[name]}, not ${value}`);
  const known = new Set([...documented.map((p) => p.name.toLowerCase()), 'content-type', 'accept', ...TRANSPORT, ...Object.keys(custom)]);
  for (const name of Object.keys(headers)) if (!known.has(name)) problems.push(`${name} is a header the description does not account for`);
  return problems;
}

describe('the web-hook deliveries of OneDev v16.5.6', () => {
  it('are 24 events, each posted to both hooks', () => {
    expect(deliveries).toHaveLength(48);
    const urls = new Map<string, string[]>();
    for (const d of deliveries) urls.set(d.body, [...(urls.get(d.body) ?? []), d.url]);
    expect(urls.size).toBe(24);
    for (const [body, posted] of urls) expect(posted.sort(), body).toEqual(Object.keys(HOOKS).sort());
  });

  it('each is a POST whose body validates against the webhooks entry its type names', () => {
    const problems = deliveries.flatMap((delivery, index) => {
      if (delivery.method !== 'POST') return [`${label(delivery, index)}: sent as ${delivery.method}`];
      const entry = webhooks[typeOf(delivery)];
      if (!entry) return [`${label(delivery, index)}: the description has no web hook ${typeOf(delivery)}`];
      const validate = validator.compile(entry.post.requestBody.content['application/json']!.schema);
      return validate(JSON.parse(delivery.body)) ? [] : [`${label(delivery, index)}: ${errorsOf(validate).join('; ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('each carries the documented headers, and no other but the HTTP client\'s own', () => {
    const problems = deliveries.flatMap((delivery, index) =>
      headerProblems(delivery, webhooks[typeOf(delivery)]!.post).map((problem) => `${label(delivery, index)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('the receiver kit accepts each with the hook\'s secret, as the event it names, and refuses it with another', () => {
    for (const [index, delivery] of deliveries.entries()) {
      const accepted = receiveWebhook({ headers: delivery.headers, body: delivery.body }, { secret: SECRET, release: 'v16.5.6' });
      expect(accepted.ok ? accepted.event.type : accepted.error.message, label(delivery, index)).toBe(typeOf(delivery));
      const refused = receiveWebhook({ headers: delivery.headers, body: delivery.body }, { secret: 'another-secret', release: 'v16.5.6' });
      expect(refused.ok ? 'accepted' : refused.error.code, label(delivery, index)).toBe('wrong-signature');
    }
  });
});
