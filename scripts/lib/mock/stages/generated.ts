/**
 * Prism's schema-generated answers (`Prefer: dynamic=true`, and responses without an example):
 * from the server's Prism worker (loaded ahead there), or, for an engine on its own, from Prism
 * loaded here on first use (dynamic.ts; Prism takes about a second to load).
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Answer } from '../answer.js';
import type { OperationPlan } from '../operations.js';
import type { Parsed, Workers } from '../request-types.js';

export class GeneratedAnswers {
  private dynamic?: Promise<(op: OperationPlan, parsed: Parsed) => Promise<Answer>>;

  constructor(
    private readonly doc: OpenAPIObject,
    private readonly workers: Workers,
  ) {}

  answer(operation: OperationPlan, parsed: Parsed): Promise<Answer> {
    const prism = this.workers.offload?.prism;
    if (prism) {
      const { method, path, query, preferences, body, headers, request } = parsed;
      return prism.answer(`${operation.method} ${operation.path}`, { method, path, query, preferences, body, headers, bodyLength: request.body.length });
    }
    this.dynamic ??= import('../dynamic.js').then(({ prismAnswerer }) => prismAnswerer(this.doc));
    return this.dynamic.then((answerWith) => answerWith(operation, parsed));
  }
}
