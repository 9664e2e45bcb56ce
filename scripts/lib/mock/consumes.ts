/**
 * Two answers the description states per operation and the mock gives as stated: the refusal of a
 * POST not labelled JSON (the operation's 415 response, which the build gives every POST of a
 * resource consuming JSON), and the status a path id no record has is answered with where it is
 * not 404 (EXT.missingId). Nothing here names an operation.
 */
import type { OperationObject } from 'openapi3-ts/oas31';
import { EXT, readExtension, type MissingId } from '../../../src/extensions.js';
import { parseMediaType } from './media-types.js';
import type { Refusal } from './refusal.js';

/** How an operation refuses a request for its Content-Type: its documented status and text. */
export interface LabelRule {
  status: number;
  text: string;
  /**
   * A raw-text body is read as a Java String, which the server takes whatever the type, so only
   * a type other than JSON is refused; without one the request goes on.
   */
  unlabelledTaken: boolean;
}

/** The status at which the server refuses a request whose Content-Type does not match JSON. */
const UNSUPPORTED_MEDIA_TYPE = '415';

/** What the rule reads of an operation's responses (operations.ts's ResponsePlan has it). */
type DocumentedAnswers = ReadonlyArray<{ code: string; contents: ReadonlyArray<{ examples: ReadonlyArray<{ value: unknown }> }> }>;

/** The rule of a POST that documents the refusal (with its example as the text), else undefined. */
export function labelRuleOf(method: string, responses: DocumentedAnswers, rawText: boolean): LabelRule | undefined {
  if (method !== 'POST') return undefined;
  const response = responses.find((r) => r.code === UNSUPPORTED_MEDIA_TYPE);
  const example = response?.contents[0]?.examples[0]?.value;
  if (typeof example !== 'string') return undefined;
  return { status: Number(UNSUPPORTED_MEDIA_TYPE), text: example, unlabelledTaken: rawText };
}

/**
 * The refusal of a request with this Content-Type, if the rule refuses it: none (unless the body is
 * raw text), or a media type Jersey cannot match with `application/json` (exactly it, or a range
 * such as `application/*` that covers it). A malformed header is left to the body's own checks.
 */
export function labelRefusal(rule: LabelRule, contentType: string | undefined): Refusal | undefined {
  if (contentType === undefined || contentType.trim() === '') {
    return rule.unlabelledTaken ? undefined : { status: rule.status, text: rule.text };
  }
  const media = parseMediaType(contentType);
  if (!media) return undefined;
  const matches = (media.type === 'application' || media.type === '*') && (media.subtype === 'json' || media.subtype === '*');
  return matches ? undefined : { status: rule.status, text: rule.text };
}

/** The status an operation answers a missing record with instead of 404, and for which callers. */
export type { MissingId };

/** The operation's EXT.missingId, if it has a well-formed one. */
export function missingIdOf(operation: OperationObject): MissingId | undefined {
  return readExtension(operation, EXT.missingId);
}

/** What a missing record is answered with for this caller: the operation's own status, or 404. */
export function missingIdStatus(missing: MissingId | undefined, administrator: () => boolean): number {
  if (!missing) return 404;
  return missing.callers === 'everyone' || administrator() ? missing.status : 404;
}
