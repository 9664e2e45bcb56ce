/**
 * Refusals that depend on state or on settings (spec/model.ts EffectCondition; the stateful mock's
 * effects/refusals.ts and effects/listed.ts): a duplicate among another kind's records or among
 * some only, two pairs of body fields alike, a cleared setting, a name or value a setting's list
 * does not hold, a list no entry of which can pass. Each answers exactly the declared status and
 * words, and the request carried out once the condition no longer holds. check-effects names the
 * operation and field of a malformed condition.
 */
import { describe, expect, it } from 'vitest';
import { checkEffects } from '../../scripts/lib/check-effects.js';
import { MockEngine } from '../../scripts/lib/mock/engine.js';
import { Problems } from '../../scripts/lib/problems.js';
import type { SelectedGroup } from '../../scripts/lib/select-release.js';
import type { EffectCondition } from '../../spec/model.js';
import { committedDocument } from '../helpers.js';
import { ask } from './mock-fixtures.js';

type Rec = Record<string, unknown>;
const admin = { authorization: 'Bearer admin', 'content-type': 'application/json' };

describe('refusals by state and settings', () => {
  const doc = committedDocument();
  const example = (name: string): unknown => structuredClone((doc.components?.examples?.[name] as { value: unknown }).value);
  const post = (engine: MockEngine, path: string, body: unknown) => ask(engine, 'POST', path, { headers: admin, body: JSON.stringify(body) });

  it('refuses a new user whose email address another user has (duplicate of another kind)', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const user = (name: string, emailAddress?: string) => ({ name, password: 'secret', fullName: name, type: 'ORDINARY', notifyOwnEvents: false, ...(emailAddress ? { emailAddress } : {}) });
    expect((await post(engine, '/users', user('dora', 'dora@example.org'))).status).toBe(200);
    const again = await post(engine, '/users', user('dave', 'dora@example.org'));
    expect([again.status, again.text]).toEqual([406, 'Email address is already used by another user']);
    expect((await post(engine, '/users', user('dave', 'dave@example.org'))).status).toBe(200);
  });

  it('refuses a pull request from a branch to itself (same, and) and one another open request covers (duplicate only)', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const request = { targetProjectId: 3, sourceProjectId: 3, targetBranch: 'main', sourceBranch: 'topic/refusals', title: 'Refusals' };
    expect((await post(engine, '/pulls', request)).status).toBe(200);
    const again = await post(engine, '/pulls', request);
    expect([again.status, again.text]).toEqual([406, 'Another pull request already opened for this change']);
    const self = await post(engine, '/pulls', { ...request, sourceBranch: 'main' });
    expect([self.status, self.text]).toEqual([406, 'Source and target are the same']);
    // The same branch name in another project is another source.
    expect((await post(engine, '/pulls', { ...request, sourceProjectId: 7, sourceBranch: 'main' })).status).toBe(200);
  });

  it('refuses resending a verification mail while the mail service setting is cleared (unset)', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const resend = await ask(engine, 'POST', '/email-addresses/resend-verification-email', { headers: admin, body: '1' });
    expect([resend.status, resend.text]).toEqual([500, 'Unable to send verification email as mail service is not configured']);
    expect((await post(engine, '/settings/mail-service', example('MailConnector'))).status).toBe(200);
    expect((await ask(engine, 'POST', '/email-addresses/resend-verification-email', { headers: admin, body: '1' })).status).toBe(200);
  });

  it('refuses an issue field the issue setting does not define (unlisted keys), naming it', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const refused = await post(engine, '/issues', { projectId: 3, title: 'Bad field', fields: { Type: 'Bug', Nonexistent: 'x' } });
    expect([refused.status, refused.text]).toEqual([406, 'Undefined field: Nonexistent']);
    expect((await post(engine, '/issues', { projectId: 3, title: 'Good fields', fields: { Type: 'Bug' } })).status).toBe(200);
  });

  it('refuses a value none of a choice field\'s choices (unchosen); other fields pass', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const issue = ((await ask(engine, 'GET', '/issues?offset=0&count=1', { headers: admin })).json() as Rec[])[0]!.id;
    const refused = await post(engine, `/issues/${issue}/fields`, { Priority: 'Extreme' });
    expect([refused.status, refused.text]).toEqual([400, 'Invalid choice value']);
    expect((await post(engine, `/issues/${issue}/fields`, { Priority: 'Major', Assignees: ['robin'] })).status).toBe(200);
  });

  it('refuses an issue setting with a board (filled), saves one without', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const setting = example('GlobalIssueSettingToSave') as Rec;
    const board = { name: 'State', baseQuery: null, backlogBaseQuery: null, identifyField: 'State', columns: ['Open', 'Closed'], iterationPrefix: null, displayFields: [], displayLinks: [] };
    const refused = await post(engine, '/settings/issue', { ...setting, boardSpecs: [board] });
    expect([refused.status, refused.text]).toEqual([400, 'setIssueSetting.arg0.boardSpecs[0].editColumns: At least two columns need to be defined']);
    expect((await post(engine, '/settings/issue', { ...setting, boardSpecs: [] })).status).toBe(200);
  });

  it('the setting a refusal reads is the one a read answers: a field added by a write is defined from then on', async () => {
    const engine = new MockEngine(doc, { stateful: true });
    const setting = (await ask(engine, 'GET', '/settings/issue', { headers: admin })).json() as Rec;
    const fieldSpecs = [...(setting.fieldSpecs as Rec[]), { ...(setting.fieldSpecs as Rec[])[0], name: 'Component' }];
    expect((await post(engine, '/issues', { projectId: 3, title: 'x', fields: { Component: 'Bug' } })).status).toBe(406);
    expect((await post(engine, '/settings/issue', { ...setting, fieldSpecs, boardSpecs: [] })).status).toBe(200);
    expect((await post(engine, '/issues', { projectId: 3, title: 'x', fields: { Component: 'Bug' } })).status).toBe(200);
  });
});

describe('check-effects on the conditions by state and settings', () => {
  const operation = (when: EffectCondition) =>
    ({
      name: 'Create Thing',
      method: 'POST',
      path: '/things',
      errors: [406],
      effect: { changes: [{ create: 'Thing' }], refuses: [{ when, status: 406, message: 'No' }] },
    }) as unknown as SelectedGroup['operations'][number];
  const problemsOf = (when: EffectCondition): string[] => {
    const problems = new Problems();
    const schemas = { Thing: { type: 'object', properties: { id: {}, name: {} } }, Other: { type: 'object', properties: { value: {} } } } as const;
    checkEffects([{ name: 'Thing', description: '', operations: [operation(when)] } as unknown as SelectedGroup], schemas, problems);
    return problems.list;
  };

  it('accepts well-formed ones', () => {
    expect(problemsOf({ duplicate: ['address'], of: 'Other', as: ['value'] })).toEqual([]);
    expect(problemsOf({ duplicate: ['name'], only: { name: 'x' } })).toEqual([]);
    expect(problemsOf({ unset: '/settings/mail-service' })).toEqual([]);
    expect(problemsOf({ unlisted: 'kind', keys: true, in: { record: 'Other', field: 'otherId', list: 'value', name: 'name' } })).toEqual([]);
  });

  it('names the operation and the field of a malformed one', () => {
    expect(problemsOf({ duplicate: ['address'], of: 'Nowhere' })).toEqual([expect.stringMatching(/Create Thing.*refuses\[0\]\.when\.of: no schema Nowhere/)]);
    expect(problemsOf({ duplicate: ['address'], of: 'Other', as: ['holder'] })).toEqual([expect.stringMatching(/Create Thing.*when\.as: Other has no property holder/)]);
    expect(problemsOf({ duplicate: ['a', 'b'], of: 'Other', as: ['value'] })).toEqual([expect.stringMatching(/when\.as: 1 properties for 2/)]);
    expect(problemsOf({ duplicate: ['name'], only: { state: 'OPEN' } })).toEqual([expect.stringMatching(/when\.only: Thing has no property state/)]);
    expect(problemsOf({ unset: 'mail-service' })).toEqual([expect.stringMatching(/Create Thing.*when\.unset: not a path/)]);
    expect(problemsOf({ unlisted: 'kind', in: { setting: 'issue', list: 'fieldSpecs', name: 'name' } })).toEqual([expect.stringMatching(/when\.in\.setting: not a path/)]);
    expect(problemsOf({ unlisted: 'kind', in: { record: 'Other', field: 'otherId', list: 'specs', name: 'name' } })).toEqual([expect.stringMatching(/when\.in\.list: Other has no property specs/)]);
    expect(problemsOf({ unchosen: { setting: '/settings/issue', list: 'fieldSpecs', name: '' }, choices: 'choices', choice: 'value' })).toEqual([expect.stringMatching(/when\.unchosen: list and name must be given/)]);
    expect(problemsOf({ filled: ' ' })).toEqual([expect.stringMatching(/when\.filled: empty/)]);
  });
});
