/**
 * A query refused while it is checked or run, and the release's answer to it: the status and
 * message its language lists for that kind of refusal (the syntax refusal when it lists nothing
 * closer), with `{field}`, `{operator}` and `{value}` filled in. Shared by the entity languages
 * (evaluate.ts) and the commit language (commits/log.ts).
 */
import type { QueryLanguageSpec, QueryRefusalKind } from '../../../../spec/model.js';

/**
 * Thrown to leave a check or a run, and caught by the language's evaluator. Not an Error: an Error
 * records the stack when made, which cost more than the rest of answering a refused query.
 */
export class Refused {
  constructor(readonly kind: QueryRefusalKind, readonly vars: Record<string, string> = {}, readonly fixed?: { status: number; text: string }) {}

  /** For a Refused that escapes its evaluator after all: its kind, as an Error's message would say. */
  get message(): string {
    return `query refused: ${this.kind}`;
  }

  toString(): string {
    return this.message;
  }
}

export function refusalOf(language: QueryLanguageSpec, error: Refused): { status: number; text: string } {
  if (error.fixed) return error.fixed;
  const spec = language.refusals.find((r) => r.kind === error.kind) ?? language.refusals.find((r) => r.kind === 'syntax')!;
  return { status: spec.status, text: spec.message.replace(/\{(field|operator|value)\}/g, (_, name: string) => error.vars[name] ?? '') };
}
