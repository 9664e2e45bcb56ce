import type { ErrorStatus, MissingIdCallers, StatusUse, TypeExpr, ValidationKind, Versioned } from './model.js';
import type { Lifespan } from './releases.js';
import type { RefusalKind } from '../src/extensions.js';

export interface ErrorResponseSpec extends Lifespan {
  /** Component name under #/components/responses. */
  name: string;
  description: string;
  example: string;
}

// What the server refuses, in words the responses and the refusal table share.
const BAD_QUERY_PARAMETER = 'a bad query parameter (an unknown or missing one, a `count` over the page limit, a query that does not parse)';
const VALIDATION_FAILURE = 'a parameter or a body that breaks a validation rule the operation declares (a body sent as `null`, a required text left empty, a value out of range)';
const NAME_TAKEN = 'a name that is already taken (a branch or a tag that exists, for instance)';
const FEATURE_NOT_ENABLED = 'a feature the server or the project has not enabled (an active subscription, time tracking)';
const PULL_REQUEST_STATE = 'a pull request whose state does not allow the operation (closed, merged, already open for the change)';
const BODY_UNREADABLE = 'a body that cannot be read (malformed JSON, an unknown JSON property or `@type`, a value of the wrong type)';

/** A 406 description: the server's reasons for refusing a request as asked, in its order. */
function refused(reasons: readonly string[]): string {
  const list = reasons.length > 1 ? `${reasons.slice(0, -1).join(', ')}, or ${reasons.at(-1)}` : reasons[0];
  return `The server refuses the request as asked: ${list}. The body says why.`;
}

/**
 * The shared text/plain error responses, by status. OneDev never wraps errors in JSON.
 * From v12.0.9 the server refuses bad query parameters (unknown or missing ones, a `count` over
 * the limit, a query that does not parse) with 406 instead of 400.
 */
export const errorResponses: Record<ErrorStatus, Versioned<ErrorResponseSpec>> = {
  400: [
    {
      until: 'v12.0.9',
      name: 'BadRequest',
      description:
        'The request is malformed: a missing or unknown query parameter, a `count` over the page limit, a query that does not parse, malformed JSON, an unknown JSON property or `@type`, or a value the server refuses.',
      example: 'Count should not be greater than 100',
    },
    {
      since: 'v12.0.9',
      name: 'BadRequest',
      description:
        'The body cannot be read: malformed JSON, an unknown JSON property or `@type`, or a value of the wrong type.',
      example: 'Unrecognized field "titel"',
    },
  ],
  401: {
    name: 'Unauthorized',
    description:
      'No credentials, wrong credentials, or an anonymous caller that lacks the permission.',
    example: 'Unauthorized access',
  },
  403: {
    name: 'Forbidden',
    description: 'The signed-in caller lacks the permission this operation needs.',
    example: 'Permission denied',
  },
  404: {
    name: 'NotFound',
    description:
      'No record has the id in the path (a non-numeric id is answered the same way).',
    example: 'No row with the given identifier exists: [io.onedev.server.model.PullRequest#42]',
  },
  406: [
    {
      until: 'v12.0.0',
      name: 'NotAcceptable',
      description: 'The pull request is not in a state that allows this operation; the body says why.',
      example: 'Pull request is closed',
    },
    {
      since: 'v12.0.0',
      until: 'v12.0.5',
      name: 'NotAcceptable',
      description: refused([PULL_REQUEST_STATE, 'a feature that needs an active subscription']),
      example: 'Pull request is closed',
    },
    {
      since: 'v12.0.5',
      until: 'v12.0.9',
      name: 'NotAcceptable',
      description: refused([PULL_REQUEST_STATE, FEATURE_NOT_ENABLED]),
      example: 'Pull request is closed',
    },
    {
      // Validation failures have responses of their own (VALIDATION_FAILURES), 406 from v13.0.7 until v15.1.0.
      since: 'v12.0.9',
      name: 'NotAcceptable',
      description: refused([BAD_QUERY_PARAMETER, NAME_TAKEN, FEATURE_NOT_ENABLED, PULL_REQUEST_STATE]),
      example: 'Count should not be greater than 100',
    },
  ],
  413: {
    name: 'PayloadTooLarge',
    description: 'The request body is larger than the server accepts.',
    example: 'Data too large',
  },
  415: {
    name: 'UnsupportedMediaType',
    description:
      'The request is not labelled `application/json`, which the resource consumes: send ' +
      '`Content-Type: application/json` with every POST, whether it carries a body or not. A POST ' +
      'with an empty body and no JSON Content-Type, or a JSON body labelled otherwise or not at ' +
      'all (the server then reads it as bytes), is refused before the operation runs.',
    example: 'HTTP 415 Unsupported Media Type',
  },
  500: {
    name: 'InternalServerError',
    description:
      'The change breaks a business rule or a database constraint (for example a duplicate name), or the server failed.',
    example: 'Internal server error',
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The server is starting up or shutting down.',
    example: 'Server is not ready',
  },
};

/**
 * Statuses every operation can answer, whatever it does: OneDev refuses unknown query parameters
 * (and malformed ones) with 400, from v12.0.9 with 406; unauthenticated callers with 401; and maps
 * unexpected failures (database errors, broken invariants) to 500. The builder adds them to every operation.
 */
export const ALWAYS_POSSIBLE: readonly StatusUse[] = [400, 401, { status: 406, since: 'v12.0.9' }, 500];

/** What follows from OneDev's resource classes consuming JSON (JSON_CONSUMED). */
export interface JsonConsumedSpec extends Lifespan {
  /** The status a POST is refused with when its Content-Type is missing or not JSON. */
  status: ErrorStatus;
  /** The description of the optional body a POST whose Java method reads none is given. */
  ignoredBody: string;
}

/**
 * Every resource class but the job trigger's declares `@Consumes(application/json)` at every tag
 * (uploads override it with `application/octet-stream` on their method). Jersey refuses a request
 * whose Content-Type it cannot match with that with 415 (NotSupportedException), and reads a body
 * sent without one as `application/octet-stream`, which Jackson does not take. A v16.5.6 server
 * refused POSTs of methods that read no body (Disable User, Add Reviewer, Create Agent Token) with
 * 415 when sent without a body and without a JSON Content-Type, and ran them with
 * `Content-Type: application/json` (transcript lines 45/46, 296/297, 398/399). GET and DELETE
 * requests went through without one. So every POST that consumes JSON gets the status, and one
 * whose method takes no body gets an optional JSON body the server never reads: a description
 * with a request body makes code generators send the Content-Type. A raw-text body is read as a
 * String, which Jersey takes whatever the type, so only a type other than JSON is refused there.
 */
export const JSON_CONSUMED: Versioned<JsonConsumedSpec> = {
  status: 415,
  ignoredBody:
    'Not read: the operation takes no body, but its request must be labelled ' +
    '`Content-Type: application/json`. Send nothing, or `{}`; whatever is sent is ignored.',
};

/** How one release answers one kind of validation failure (ValidationKind in spec/model.ts). */
export interface ValidationFailureSpec extends Lifespan {
  status: ErrorStatus;
  /**
   * Component name of the response an operation that can fail so gets at `status`: the status's
   * own text/plain answers and, labelled `application/json`, the failure's body.
   */
  name: string;
  /** What the failure's answer looks like; follows the status's own description. */
  description: string;
  /** The body labelled `application/json`: the message as bare text, or JSON of `type`. */
  body: { kind: 'raw-text'; example: string } | { kind: 'json'; type: TypeExpr; example: unknown };
}

const RULE_BROKEN =
  'Or a parameter or the body breaks a validation rule the operation declares (a body sent as ' +
  '`null`, a required text left empty, a property of the body outside its rules; see the ' +
  'operation\'s description).';
const BARE_TEXT_AS_JSON =
  'That answer is the message as bare text, without JSON quotes, yet labelled `application/json` ' +
  '(the operation\'s own type): read the body as text whatever the header says.';
/**
 * OneDev's own mapper (rest/ValidationExceptionMapper.java, from v13.0.7) answers both kinds alike:
 * the exception's message, with no media type set.
 */
const ONEDEV_MAPPER = {
  description:
    'Or the request fails validation: a parameter or the body breaks a rule the operation ' +
    'declares (a body sent as `null`, a required text left empty, a property of the body outside ' +
    'its rules), or a check the server makes of it fails (the operation\'s description says ' +
    `which). ${BARE_TEXT_AS_JSON}`,
  body: { kind: 'raw-text', example: 'setTitle.arg1: must not be empty' },
} as const;

/**
 * Validation failures by kind. Until v13.0.7 Jersey's own mapper answered them: a broken rule with
 * 400 and the list of broken rules (the server sets Jersey's send-errors-in-response property), in
 * the type the request's Accept header prefers; a validation exception thrown by a check with 500
 * and its message. v13.0.7 added OneDev's mapper, which answers both with 406 and the message,
 * setting no media type; v15.1.0 made it answer 400.
 */
export const VALIDATION_FAILURES: Record<ValidationKind, Versioned<ValidationFailureSpec>> = {
  validation: [
    {
      until: 'v13.0.7',
      status: 400,
      name: 'BadRequestOrInvalid',
      description:
        `${RULE_BROKEN} That answer lists the broken rules, in the type the request's \`Accept\` ` +
        'header prefers: a JSON array of objects (`message`, `messageTemplate`, `path`, ' +
        '`invalidValue`) when it prefers `application/json`; otherwise (no header, any type, ' +
        '`text/plain`) plain text, one line per rule: the message, then the path and the refused ' +
        'value in parentheses.',
      body: {
        kind: 'json',
        type: { array: { ref: 'ValidationViolation' } },
        example: [{ message: 'must not be empty', messageTemplate: '{javax.validation.constraints.NotEmpty.message}', path: 'IssueResource.setTitle.arg1', invalidValue: '' }],
      },
    },
    { since: 'v13.0.7', until: 'v15.1.0', status: 406, name: 'NotAcceptableOrInvalid', ...ONEDEV_MAPPER },
    { since: 'v15.1.0', status: 400, name: 'BadRequestOrInvalid', ...ONEDEV_MAPPER },
  ],
  'validation-check': [
    {
      until: 'v13.0.7',
      status: 500,
      name: 'InternalServerErrorOrInvalid',
      description: `Or a check the server makes of the request failed (the operation's description says which). ${BARE_TEXT_AS_JSON}`,
      body: { kind: 'raw-text', example: 'Specified commit is not reachable from specified ref' },
    },
    { since: 'v13.0.7', until: 'v15.1.0', status: 406, name: 'NotAcceptableOrInvalid', ...ONEDEV_MAPPER },
    { since: 'v15.1.0', status: 400, name: 'BadRequestOrInvalid', ...ONEDEV_MAPPER },
  ],
};

/**
 * The status OneDev refuses bad query parameters with (unknown or missing ones, a `count` over the
 * limit, a query that does not parse): 400 until v12.0.9, then 406 (NotAcceptableException).
 * Emitted as EXT.queryRefusalStatus at the document's root, for tools such as the mock.
 */
export const QUERY_REFUSAL_STATUS: Versioned<{ status: ErrorStatus } & Lifespan> = [
  { status: 400, until: 'v12.0.9' },
  { status: 406, since: 'v12.0.9' },
];

/** A kind of refusal: its name for programs, in words for people, and the status the server answers it with (per release). */
export interface RefusalSpec {
  kind: RefusalKind;
  what: string;
  status: Versioned<{ status: ErrorStatus } & Lifespan>;
}

/**
 * How the server refuses what any operation can meet. Emitted at the document's root
 * (EXT.refusals, src/extensions.ts), `kind` for programs such as the mock; the build writes the
 * docs' refusal table from it.
 */
export const REFUSALS: readonly RefusalSpec[] = [
  { kind: 'query-parameter', what: BAD_QUERY_PARAMETER, status: QUERY_REFUSAL_STATUS },
  { kind: 'unreadable-body', what: BODY_UNREADABLE, status: { status: 400 } },
  {
    kind: 'validation',
    what: VALIDATION_FAILURE,
    // One source: the statuses of VALIDATION_FAILURES (Jersey's mapper until v13.0.7, OneDev's after).
    status: VALIDATION_FAILURES.validation,
  },
  { kind: 'validation-check', what: 'a check the operation makes of the request itself fails (its description says which)', status: VALIDATION_FAILURES['validation-check'] },
  { kind: 'not-a-number', what: 'a path or query integer that is not a number (JAX-RS fails to convert it before OneDev looks)', status: { status: 404 } },
  { kind: 'credentials', what: 'no credentials, or wrong ones', status: { status: 401 } },
];

/**
 * A read that hands `offset` and `count` to the database as they are (no page check of its own):
 * a negative one fails there. The parameters' `minimum: 0` refuses it; the server answers 500.
 */
export const NEGATIVE_PAGE = 'A negative `offset` or `count` is not refused but fails on the server (500).';
export const NEGATIVE_PAGE_FAILS: StatusUse = {
  status: 500,
  message: 'Server Error',
  meaning: 'A negative `offset` or `count` (the parameters do not allow one), or the server failed.',
};

/**
 * The statuses of a single read that returns the record it loaded by the path id untouched
 * (`return service.load(id)`, MissingIdCallers in spec/model.ts): a missing row surfaces only while
 * Jackson writes the answer, and Jackson's own mapper (registered with JacksonFeature) answers it
 * with 400 and Hibernate's message, the row named by OneDev's model class. Reads that look at the
 * record first (a permission check on its project, its owner) meet the missing row inside the
 * method, which OneDev's handler answers with 404. `administrators`: the owner check is skipped
 * for a site administrator only, so other callers get 404. For everyone, 404 is left to an id
 * that is not a number (JAX-RS cannot convert it).
 */
export function missingIdAnswers(modelClass: string, callers: MissingIdCallers): StatusUse[] {
  const row = `No row with the given identifier exists: [io.onedev.server.model.${modelClass}#42]`;
  const who = callers === 'everyone' ? '' : ', asked by a site administrator';
  const missing: StatusUse = {
    status: 400,
    missingId: callers,
    message: row,
    meaning:
      `No record has the id in the path${who}: the server answers 400 here, not 404 (it reads the record ` +
      'only while writing the answer, and reports the missing row as a failure to write it). Otherwise ' +
      'what any operation\'s 400 means: a request the server cannot read.',
  };
  const notFound: StatusUse = callers === 'everyone'
    ? { status: 404, message: 'HTTP 404 Not Found', meaning: 'The id in the path is not a number.' }
    : { status: 404, message: row, meaning: 'No record has the id in the path, asked by a caller who is not a site administrator (an administrator gets 400); or the id is not a number.' };
  return [missing, notFound];
}
