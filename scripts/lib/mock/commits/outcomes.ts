/**
 * Commit query outcomes kept for a mock whose records never change (not `--stateful`): histories
 * never change either, so a question asked again need not be run again. Kept per family history
 * (history.ts: projects of one family share their commits), count and query text, by the entity
 * queries' keeper (query/outcomes.ts). A query naming a build (`build(#12)`) reads the request's
 * project, so its outcome is kept for that project only.
 */
import type { QueryLanguageSpec } from '../../../../spec/model.js';
import type { QueryWorld } from '../query/evaluate.js';
import { KeptOutcomes } from '../query/outcomes.js';
import type { CommitHistory } from './history.js';
import { runCommitQuery, type LogOutcome } from './log.js';

const kept = new KeptOutcomes<{ outcome: LogOutcome; project: number | undefined }>();

/** runCommitQuery, or what it gave before for the same question. */
export function keptCommitQuery(language: QueryLanguageSpec, text: string | undefined, history: CommitHistory, world: QueryWorld, count: number): LogOutcome {
  const found = kept.outcome(history.commits, language, `${count}\n${text ?? '\u0000'}`, world, (watched) => {
    let readProject = false;
    const project = new Proxy(history, {
      get(target, name, receiver) {
        if (name === 'projectId') readProject = true;
        return Reflect.get(target, name, receiver);
      },
    });
    const outcome = runCommitQuery(language, text, project, watched, count);
    return { outcome, project: readProject ? history.projectId : undefined };
  });
  return found.project === undefined || found.project === history.projectId ? found.outcome : runCommitQuery(language, text, history, world, count);
}
