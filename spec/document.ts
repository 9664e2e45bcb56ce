/** Document-level parts of the description: everything that is not a group or a schema. */

import type { Lifespan } from './releases.js';
import { EXT } from '../src/extensions.js';

/** The last OneDev release that had milestones (the seed's Milestone group describes it). */
export const MILESTONE_ONEDEV_VERSION = '10.8.0';

/** `info`; the builder adds the release (EXT.version) and the description. */
export const info = {
  title: 'OneDev REST API',
  /** Version of this description (semver); independent of OneDev's own version. */
  version: '0.5.0',
  summary: 'Machine-readable description of the REST API of OneDev, the self-hosted Git server.',
  license: { name: 'MIT', identifier: 'MIT' },
  contact: { name: 'onedev-openapi maintainers' },
};

/**
 * Two entries for the same server. Code generators take the first as their default base URL,
 * and many use its `url` literally (no variable substitution), so it is a complete URL: a
 * placeholder on the reserved .invalid domain (lint rules refuse example.com), over https (the OWASP rules forbid http
 * servers). The second keeps the origin as a variable, for tools that offer to fill it in.
 */
export const servers = [
  {
    url: 'https://onedev.invalid/~api',
    description:
      'Placeholder for your OneDev server (production, or a local or staging one): replace ' +
      'https://onedev.invalid with its origin. ' +
      'Every path below is relative to <origin>/~api.',
    /** Audience marker (OWASP inventory rule): the API is public to anyone with an account, not internal. */
    'x-internal': false,
  },
  {
    url: '{origin}/~api',
    // The variable is explained here, not in its own `description`: the OpenAPI 3.1 schema that
    // swagger-parser 10 bundles (used by orval and others) misspells that field and flags it.
    description:
      'A OneDev server: your production installation, or a local or staging one for trying things out. ' +
      '`origin` is its scheme, host and port with no trailing slash (a fresh installation listens on ' +
      'http://localhost:6610). Every path below is relative to <origin>/~api.',
    'x-internal': false,
    variables: { origin: { default: 'http://localhost:6610' } },
  },
];

export const securitySchemes = {
  basicAuth: {
    type: 'http',
    scheme: 'basic',
    description:
      'HTTP Basic with a user name and either the account password or an access token ' +
      '(an access token is preferred: it can be limited and revoked).',
  },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An access token, sent as `Authorization: Bearer <token>`. Create one under My Account > Access Tokens.',
  },
} as const;

/** A part of the top-level description, with the releases it holds for. `{release}` is replaced by the tag. */
export interface DescriptionSection extends Lifespan {
  text: string;
}

/** Top-level description: the rules a caller must know before the first request. */
export const descriptionSections: readonly DescriptionSection[] = [
  {
    text: `
Describes the REST API of [OneDev](https://onedev.io) **{release}**. The API has no version
segment in its paths; it is served under \`<server>/~api\`. Other OneDev releases have descriptions of their
own: use the one for the release your server runs.
`,
  },
  {
    // The seed keeps the Milestone group in the 11.x description; later descriptions drop it.
    until: 'v12.0.0',
    text: `
The Milestone group describes OneDev ${MILESTONE_ONEDEV_VERSION}, the last release that had milestones; it is
deprecated here, since servers from v10.9.0 on use iterations instead.
`,
  },
  {
    text: `
## Authentication
Send HTTP Basic credentials or a bearer access token with every request. With Basic, the secret
is the account password or an access token; a token also works as the password under any user
name, or on its own as the user name. Requests that change anything (POST, DELETE) always need credentials. GET
requests without credentials are answered with 401 unless the administrator enabled anonymous
access, in which case the normal permission checks apply to the anonymous user. A failed
permission check is 401 for an anonymous caller and 403 for a signed-in one.

## Paging
Collection reads take the required query parameters \`offset\` (records to skip) and \`count\`
(records to return); neither has a default. Keep asking with a growing offset until a page comes
back shorter than \`count\`. These reads cap \`count\`:

{facts:page-limits}

A larger \`count\` is refused with {facts:query-refusal-status}, as are unknown or missing query
parameters and a query that does not parse. The other reads that take \`count\` set no limit:
{facts:unlimited-reads}.

## Request and response bodies
JSON property names are OneDev's field names. References to other records are ids named
\`<record>Id\`; records never embed each other. Responses list every property, writing \`null\`
where a value is absent. Whether an update keeps the properties a body leaves out or resets them
differs between resources: the body of each update operation says which. Dates are ISO 8601 with
an offset, e.g. \`2025-07-05T09:04:40.123+00:00\`. Values of abstract types carry their concrete
type in \`@type\` (authenticators: \`@class\`).

**Raw-text bodies.** Some operations read the request body as plain text: send the text itself
with \`Content-Type: application/json\` and **no JSON quotes**; quotes would be stored as part of
the text. These bodies are marked with \`${EXT.rawText.name}: true\`, and so are the answers the
server writes as bare text:

{facts:raw-text}

Operations that create a record answer 200 with the new id as a bare JSON number; operations
that only act answer 200 with an empty body.
`,
  },
  {
    until: 'v12.0.0',
    text: `
## Ids, not numbers
Pull requests and builds have an internal **id** and a per-project **number** (the \`#123\` in
the web UI). Every operation that addresses a single pull request or build takes the **id**.
To turn a number into an id, call *Query Basic Info* on \`/pulls\` or \`/builds\` with the
reference itself as the query, unquoted: \`path/to/project#100\` or \`PROJECTKEY-100\` (the project
part is mandatory), then read \`id\` from the single result.
`,
  },
  {
    since: 'v12.0.0',
    text: `
## Ids, not numbers
Pull requests and builds have an internal **id** and a per-project **number** (the \`#123\` in
the web UI). Every operation that addresses a single pull request or build takes the **id**.
To turn a number into an id, call *Query Pull Requests* (\`/pulls\`) or *Query Builds* (\`/builds\`)
with the reference itself as the query, unquoted: \`path/to/project#100\` or \`PROJECTKEY-100\`
(the project part is mandatory), then read \`id\` from the single result. Every release takes
this form; the quoted \`"Number" is "path/to/project#100"\` criterion works only before v16.0.0.
`,
  },
  {
    text: `
## Errors
Error bodies are plain text: a message, with no JSON envelope, labelled \`text/plain\` unless a
meaning below says otherwise. What each status means in this release (each operation lists the
ones it can answer with):

{facts:error-statuses}
`,
  },
];
