/**
 * `ref`: a branch or tag of a project's repository made or deleted (spec/model.ts, RefStep), in
 * the run's repositories (commits/refs.ts). A step whose project or name the request does not
 * give changes nothing; with `of`, the record it is for must be there (else 404) and becomes the
 * subject; a made ref that is already there stays where it is.
 */
import type { RefCondition, RefStep } from '../../../../spec/model.js';
import { issueBranch } from '../commits/issue-branch.js';
import type { Repository } from '../commits/refs.js';
import { ABSENT, findAt, missingAt, valueOf } from './values.js';
import type { EffectRun, StepModule, StepOutcome } from './types.js';

/** The repository and ref name a step or condition names, when the request gives both. */
export function refAt(at: RefStep | RefCondition, run: EffectRun): { repository: Repository; name: string } | undefined {
  const project = Number(valueOf(at.project, 'project', undefined, undefined, run));
  if (!Number.isInteger(project)) return undefined;
  const repository = run.world.state.repositories.of(project);
  const name = 'issueBranch' in at.name ? issueBranchName(at.name.issueBranch, repository, run) : valueOf(at.name, 'name', undefined, undefined, run);
  return typeof name === 'string' && name !== '' ? { repository, name } : undefined;
}

function issueBranchName(from: { number: string; title: string }, repository: Repository, run: EffectRun): string | undefined {
  const number = run.subject?.record[from.number];
  const title = run.subject?.record[from.title];
  return typeof number === 'number' ? issueBranch(number, typeof title === 'string' ? title : '', repository.names('branch')) : undefined;
}

/** With `of`: the record the ref is for, made the subject; 404 when it is not there. */
function subjectFor(step: RefStep, run: EffectRun): StepOutcome {
  if (!step.of) return undefined;
  const kind = run.world.kind(step.of.record);
  if (!kind) return undefined;
  const { id, record } = findAt(step.of.at, kind, run);
  if (!record) return id === undefined ? undefined : missingAt(step.of.at, kind, id);
  run.subject ??= { kind, record };
  return undefined;
}

export const ref: StepModule<'ref'> = {
  apply(step, run) {
    const missing = subjectFor(step, run);
    if (missing) return missing;
    const found = refAt(step, run);
    if (!found) return undefined;
    if (step.answersName) run.answerText = found.name;
    if (step.action === 'delete') {
      found.repository.delete(step.ref, found.name);
      return undefined;
    }
    if (found.repository.has(step.ref, found.name)) return undefined;
    const revision = step.revision === undefined ? ABSENT : valueOf(step.revision, 'revision', undefined, undefined, run);
    found.repository.create(step.ref, found.name, typeof revision === 'string' ? revision : undefined, run.request.now.getTime());
    return undefined;
  },
};
