/**
 * Answers as an operation documents them, shared by the stages that answer: JSON text with the
 * operation's deprecation header, the media type a content is answered as, a response's offer
 * (its contents, JSON first), and a HEAD answer made from a GET's.
 */
import { textAnswer, type Answer } from '../answer.js';
import type { SizedText } from '../json-text.js';
import type { OperationPlan, ResponsePlan } from '../operations.js';
import type { Offer } from '../request-types.js';

export function json(status: number, body: string | SizedText, operation: OperationPlan): Answer {
  return withDeprecation(operation, textAnswer(status, 'application/json', body));
}

export function withDeprecation(operation: OperationPlan, answer: Answer): Answer {
  if (operation.deprecated) answer.headers.deprecation = 'true';
  return answer;
}

/** Prism answers a `*\/*` content as text/plain. */
export function answerType(mediaType: string): string {
  return mediaType === '*/*' ? 'text/plain' : mediaType;
}

/** A response's contents, JSON first. */
export function offerOf(response: ResponsePlan): Offer {
  const contents = [...response.contents].sort((a, b) => Number(/json/i.test(b.mediaType)) - Number(/json/i.test(a.mediaType)));
  return { contents, mediaTypes: contents.map((c) => c.mediaType), first: { content: contents[0]!, mediaType: answerType(contents[0]!.mediaType) } };
}

/** A HEAD request gets the GET answer's status and headers, and its length, without the body. */
export function withoutBody(answer: Answer | Promise<Answer>): Answer | Promise<Answer> {
  const strip = (a: Answer): Answer =>
    a.body === undefined ? a : { ...a, headers: { ...a.headers, 'content-length': a.headers['content-length'] ?? String(Buffer.byteLength(a.body)) }, body: undefined };
  return answer instanceof Promise ? answer.then(strip) : strip(answer);
}
