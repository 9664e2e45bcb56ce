/**
 * The web hooks: what a delivery looks like (headers, media type, the answer OneDev wants) and the
 * event families, in the order of OneDev's `WebHook.EventType`. Each family's module holds its
 * events, payload schemas and examples; the catalogue merges the schemas and examples with the rest.
 */
import type { ExampleTable, SchemaTable, WebhookDeliverySpec, WebhookEventTypeSpec } from '../model.js';
import { buildWebhooks } from './build.js';
import { codeCommentWebhooks } from './code-comment.js';
import { codePushWebhooks } from './code-push.js';
import { TYPE_PROPERTY_SINCE, type WebhookModule } from './common.js';
import { issueWebhooks } from './issue.js';
import { packageWebhooks } from './package.js';
import { pullRequestWebhooks } from './pull-request.js';
import { workspaceWebhooks } from './workspace.js';

/** Module name -> module, in `WebHook.EventType` order. */
export const webhookModules: Record<string, WebhookModule> = {
  'code-push': codePushWebhooks,
  'pull-request': pullRequestWebhooks,
  issue: issueWebhooks,
  'code-comment': codeCommentWebhooks,
  build: buildWebhooks,
  package: packageWebhooks,
  workspace: workspaceWebhooks,
};

export const webhookEventTypes: readonly WebhookEventTypeSpec[] = Object.values(webhookModules).map((m) => m.eventType);

/** The modules' payload schemas, keyed as paths from spec/schemas/ so build messages point at the file. */
export const webhookSchemas: Record<string, SchemaTable> = Object.fromEntries(
  Object.entries(webhookModules).map(([name, m]) => [`../webhooks/${name}`, m.schemas]),
);
/** The modules' examples, keyed as paths from spec/examples/. */
export const webhookExamples: Record<string, ExampleTable> = Object.fromEntries(
  Object.entries(webhookModules).map(([name, m]) => [`../webhooks/${name}`, m.examples]),
);

/** The releases whose hooks take custom headers (WebHookHeader, sent by WebHookManager). */
const CUSTOM_HEADERS = { since: 'v14.1.6' } as const;

export const webhookDelivery: WebhookDeliverySpec = {
  description: [
    {
      text:
        'OneDev posts the event to every web hook of the project and of its parent projects whose event types select ' +
        'it: one POST per hook, however many of its event types match. The body is the event written the way the REST ' +
        'API writes records: ids instead of nested records, null values written out. OneDev sends it in the background ' +
        'once the change is saved, keeps no record of deliveries and never retries one.',
    },
    {
      text:
        '`X-OneDev-Signature` carries the hook\'s secret itself, not a signature of the body: anyone who sees one ' +
        'delivery can forge others. Give hooks an https URL, and compare the header with your copy of the secret in ' +
        'constant time.',
    },
    {
      until: TYPE_PROPERTY_SINCE,
      text:
        'Payloads of this release carry no `type` property. Tell events apart by where they arrive (one hook, with ' +
        'its own URL, per event type) and by the properties present: within a family, events with the same ' +
        'properties (BuildPending and BuildRunning, PullRequestOpened and PullRequestMergePreviewUpdated) look the ' +
        'same, so read the record they name to see what happened.',
    },
    {
      since: TYPE_PROPERTY_SINCE,
      text: 'Every payload names its event class in `type`, so one receiver can take every event type.',
    },
    {
      ...CUSTOM_HEADERS,
      text:
        'A hook may add headers of its own (Custom Headers, e.g. an `Authorization` header the receiver needs). OneDev ' +
        'sets them after its own headers, so a custom header with the name of one of them replaces it.',
    },
    {
      text:
        'OneDev also sends `Accept: application/json`. The body is UTF-8; `Content-Type` is `application/json` without a charset.',
    },
  ],
  headers: [
    {
      name: 'X-OneDev-Signature',
      type: 'string',
      description:
        'The hook\'s secret, exactly as set on the hook (OneDev fills in a random one for a new hook). Compare it ' +
        'with your copy in constant time.',
      example: 'm5Q8vT2kXr9LpZ0cWd3F',
      secret: true,
    },
    {
      name: 'Accept-Charset',
      type: { enum: ['UTF-8'] },
      description: 'OneDev reads the answer as UTF-8 (only to log it).',
      example: 'UTF-8',
    },
  ],
  mediaType: 'application/json',
  customHeaders: CUSTOM_HEADERS,
  values: { date: 'now', userId: 'GET /users/me id' },
  responses: {
    '200': 'OneDev wants 200. It reads the answer\'s body and ignores it.',
    default:
      'Any other status: OneDev logs the answer\'s body as an error on the server and does nothing more. A delivery ' +
      'that cannot connect is logged the same way. Nothing is retried.',
  },
};
