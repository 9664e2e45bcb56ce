/**
 * The engine's last stage: the answer to a checked request. The response (the success, or the
 * status `Prefer: code=` asks for), its content against the Accept header (406 when none fits),
 * then what fills it: Prism's generated answer (`dynamic=true`), a named example
 * (`example=`), the records (stages/behaviours.ts, for the success), or the first documented
 * example. Deprecated operations say so in a `deprecation` header.
 */
import { text, textAnswer, type Answer } from '../answer.js';
import { prettyJson, sized, type SizedText } from '../json-text.js';
import { acceptable } from '../media-types.js';
import type { ContentPlan, ResponsePlan } from '../operations.js';
import type { Offer, Operation, Parsed } from '../request-types.js';
import { answerType, offerOf, withDeprecation } from './answers.js';
import { behaviourAnswer } from './behaviours.js';
import { effectAnswer } from './effect-answer.js';
import type { GeneratedAnswers } from './generated.js';
import type { RecordReads } from './reads.js';
import { header } from './values.js';

export class Negotiation {
  /** Offers of responses other than the success (asked for with `Prefer: code=`). */
  private readonly offers = new Map<ResponsePlan, Offer>();
  private readonly exampleTexts = new WeakMap<object, SizedText>();

  constructor(
    private readonly reads: RecordReads,
    private readonly generated: GeneratedAnswers,
  ) {}

  answer(parsed: Parsed): Answer | Promise<Answer> {
    const { operation, preferences } = parsed;
    let response: ResponsePlan | undefined = operation.success;
    if (preferences.code !== undefined) {
      response = findResponse(operation.responses, preferences.code);
      if (!response) {
        return text(400, `Prefer header not usable here. The server cannot find the requested content: Requested status code ${preferences.code} is not defined in the document.`);
      }
    }
    if (!response) return preferences.dynamic ? this.generated.answer(operation, parsed) : { status: 200, headers: {} };
    const status = statusOf(response.code, preferences.code);
    const content = this.negotiate(response, status, parsed);
    if ('status' in content) return content;
    if (preferences.dynamic) return this.generated.answer(operation, parsed);
    if (preferences.exampleKey !== undefined && content.content) {
      const example = content.content.examples.find((e) => e.key === preferences.exampleKey);
      if (!example) {
        return text(400, `Prefer header not usable here. The server cannot find the requested content: Response for contentType: ${content.content.mediaType} and exampleKey: ${preferences.exampleKey} does not exist.`);
      }
      return this.exampleAnswer(status, content.content, content.mediaType, example.value, operation);
    }
    if (response === operation.success) {
      const fromRecords = this.recordsAnswer(parsed, status, content.content, content.mediaType);
      if (fromRecords) return fromRecords;
    }
    if (!content.content) return withDeprecation(operation, { status, headers: {} });
    const first = content.content.examples[0] ?? schemaExample(content.content.schema);
    if (!first) return this.generated.answer(operation, parsed);
    return this.exampleAnswer(status, content.content, content.mediaType, first.value, operation);
  }

  /** The success as the records make it (a refused query, a page, a record, a write), if they do. */
  private recordsAnswer(parsed: Parsed, status: number, content: ContentPlan | undefined, mediaType: string | undefined): Answer | undefined {
    const { operation } = parsed;
    if (operation.queryOnly) {
      const refused = this.reads.queryOnly(parsed);
      if (refused) return refused;
    }
    if (operation.behaviour) return behaviourAnswer(this.reads, parsed, operation.behaviour, status, content, mediaType);
    if (!this.reads.state.stateful) return undefined;
    const gone = operation.target ? this.reads.missingTarget(parsed) : undefined;
    if (gone || !operation.effect) return gone;
    return effectAnswer(this.reads, parsed, operation.effect, status, content, mediaType);
  }

  /** The content to answer with; a 406 when the Accept header rules out every one a success has. */
  private negotiate(response: ResponsePlan, status: number, parsed: Parsed): { content?: ContentPlan; mediaType?: string } | Answer {
    if (response.contents.length === 0) return {};
    const offer = response === parsed.operation.success ? parsed.operation.successOffer! : this.otherOffer(response);
    // Errors are sent as they are, whatever the client accepts (OneDev's are always plain text).
    const accept = header(parsed.headers.accept);
    if (status >= 400 || accept === undefined) return offer.first;
    const chosen = acceptable(accept, offer.mediaTypes);
    if (chosen === undefined) {
      return text(406, `The server cannot produce a representation for your accept header: Unable to find content for ${accept.slice(0, 200)}`);
    }
    const content = offer.contents.find((c) => c.mediaType === chosen)!;
    return { content, mediaType: answerType(content.mediaType) };
  }

  private otherOffer(response: ResponsePlan): Offer {
    let offer = this.offers.get(response);
    if (!offer) this.offers.set(response, (offer = offerOf(response)));
    return offer;
  }

  private exampleAnswer(status: number, content: ContentPlan, mediaType: string | undefined, value: unknown, operation: Operation): Answer {
    return withDeprecation(operation, textAnswer(status, mediaType ?? content.mediaType, this.exampleText(content, value)));
  }

  /** An example's answer text, rendered once per example. */
  private exampleText(content: ContentPlan, value: unknown): string | SizedText {
    // A raw-text answer (a Java String, labelled JSON) is the characters themselves, never quoted.
    if (typeof value === 'string' && (content.schema as { contentMediaType?: unknown } | undefined)?.contentMediaType === 'text/plain') return value;
    if (value === null || typeof value !== 'object') {
      return /json/i.test(content.mediaType) ? prettyJson(value) : typeof value === 'string' ? value : JSON.stringify(value);
    }
    let rendered = this.exampleTexts.get(value);
    if (!rendered) {
      rendered = sized(/json/i.test(content.mediaType) ? prettyJson(value) : JSON.stringify(value));
      this.exampleTexts.set(value, rendered);
    }
    return rendered;
  }
}

function findResponse(responses: readonly ResponsePlan[], code: number): ResponsePlan | undefined {
  return (
    responses.find((r) => r.code.toLowerCase() === String(code)) ??
    responses.find((r) => r.code === `${String(code).charAt(0)}XX`) ??
    responses.find((r) => r.code === 'default')
  );
}

function statusOf(code: string, preferred: number | undefined): number {
  if (/^\d{3}$/.test(code)) return Number(code);
  if (/^\dXX$/.test(code)) return preferred ?? Number(`${code.charAt(0)}00`);
  return preferred ?? 200;
}

/**
 * A value for a content without examples, from its schema: its example, default or const, or
 * empty text for text and bytes (a file download). Undefined when the schema gives nothing.
 */
function schemaExample(schema: unknown): { value: unknown } | undefined {
  const s = (schema ?? {}) as { examples?: unknown[]; example?: unknown; default?: unknown; const?: unknown; type?: unknown };
  if (Array.isArray(s.examples) && s.examples.length > 0) return { value: s.examples[0] };
  for (const key of ['example', 'default', 'const'] as const) if (s[key] !== undefined) return { value: s[key] };
  return s.type === 'string' ? { value: '' } : undefined;
}
