/**
 * The Setting group across OneDev releases: each change read off SettingResource and the settings
 * beans is checked on both sides of the tag that made it, so any tag in between comes out right.
 */
import { describe, expect, it } from 'vitest';
import { catalogue } from '../../scripts/lib/catalogue.js';
import { selectRelease, type ReleaseCatalogue, type SelectedObject, type SelectedOperation } from '../../scripts/lib/select-release.js';
import type { Field } from '../../spec/model.js';
import { ONEDEV_TAGS, type OneDevTag } from '../../spec/releases.js';

/** Only the Setting group and the settings modules, so other groups' entries cannot hide a mistake here. */
const MODULES = ['settings-core', 'settings-executors', 'settings-issue'] as const;
const settingsCatalogue = {
  ...catalogue,
  groups: catalogue.groups.filter((g) => g.name === 'Setting'),
  schemas: Object.fromEntries(MODULES.map((m) => [m, catalogue.schemas[m]!])),
  examples: Object.fromEntries(MODULES.map((m) => [m, catalogue.examples[m]!])),
};

const selected = new Map<OneDevTag, ReleaseCatalogue>();
function at(tag: OneDevTag): ReleaseCatalogue {
  let release = selected.get(tag);
  if (!release) selected.set(tag, (release = selectRelease(settingsCatalogue, tag)));
  return release;
}

function operation(tag: OneDevTag, method: string, path: string): SelectedOperation | undefined {
  return at(tag).groups[0]!.operations.find((o) => o.method === method && o.path === path);
}

function schema(tag: OneDevTag, name: string): SelectedObject | undefined {
  for (const table of Object.values(at(tag).schemas)) {
    const found = table[name];
    if (found) return found.kind === 'object' ? found : undefined;
  }
  return undefined;
}

function field(tag: OneDevTag, name: string, property: string): Field | undefined {
  return schema(tag, name)?.fields[property];
}

/** [what, last tag without the change, first tag with it, the fact before, the fact after]. */
const boundaries: Array<[string, OneDevTag, OneDevTag, (tag: OneDevTag) => unknown, unknown, unknown]> = [
  ['SecuritySetting.passwordPolicy (nullable)', 'v11.11.4', 'v12.0.0', (t) => field(t, 'SecuritySetting', 'passwordPolicy')?.nullable, undefined, true],
  ['GET /settings/sso-connectors', 'v12.0.8', 'v12.0.9', (t) => operation(t, 'GET', '/settings/sso-connectors')?.name, 'Get Sso Connectors', undefined],
  ['POST /settings/sso-connectors', 'v12.0.8', 'v12.0.9', (t) => operation(t, 'POST', '/settings/sso-connectors')?.name, 'Set Sso Connectors', undefined],
  ['406 on Set System Setting (ingress URL)', 'v12.0.8', 'v12.0.9', (t) => operation(t, 'POST', '/settings/system')?.errors.includes(406), false, true],
  ['406 on Set Security Setting (validation)', 'v13.0.6', 'v13.0.7', (t) => operation(t, 'POST', '/settings/security')?.errors.includes(406), false, true],
  ['name of GET /settings/mail-service', 'v13.0.7', 'v13.0.8', (t) => operation(t, 'GET', '/settings/mail-service')?.name, 'Get Mail Service', 'Get Mail Connector'],
  [
    'response of GET /settings/mail-service',
    'v13.0.7',
    'v13.0.8',
    (t) => { const s = operation(t, 'GET', '/settings/mail-service')?.success; return s?.kind === 'json' ? s.type : undefined; },
    { ref: 'MailService' },
    { ref: 'MailConnector' },
  ],
  [
    'body of POST /settings/mail-service (null clears it)',
    'v13.0.7',
    'v13.0.8',
    (t) => { const b = operation(t, 'POST', '/settings/mail-service')?.body; return b?.kind === 'json' ? [b.type, b.nullable] : undefined; },
    [{ ref: 'MailService' }, true],
    [{ ref: 'MailConnector' }, true],
  ],
  ['SystemSetting.sessionTimeout added', 'v13.0.9', 'v13.0.10', (t) => field(t, 'SystemSetting', 'sessionTimeout')?.type, undefined, 'int32'],
  ['SystemSetting.sessionTimeout nullable', 'v13.0.10', 'v14.0.0', (t) => field(t, 'SystemSetting', 'sessionTimeout')?.nullable ?? false, false, true],
  ['GET /settings/workspace', 'v14.1.9', 'v15.0.0', (t) => operation(t, 'GET', '/settings/workspace')?.name, undefined, 'Get Workspace Setting'],
  ['POST /settings/workspace', 'v14.1.9', 'v15.0.0', (t) => operation(t, 'POST', '/settings/workspace')?.name, undefined, 'Set Workspace Setting'],
  [
    'GroovyScript authorization renamed',
    'v14.1.9',
    'v15.0.0',
    (t) => ['authorization', 'jobAuthorization', 'canBeUsedByWorkspaceSpecs'].filter((f) => field(t, 'GroovyScript', f)),
    ['authorization'],
    ['jobAuthorization', 'canBeUsedByWorkspaceSpecs'],
  ],
  ['EmailTemplates.workspaceNotification', 'v14.1.9', 'v15.0.0', (t) => field(t, 'EmailTemplates', 'workspaceNotification')?.type, undefined, 'string'],
  ['SystemSetting.defaultForkRoot', 'v15.0.8', 'v15.1.0', (t) => field(t, 'SystemSetting', 'defaultForkRoot')?.nullable, undefined, true],
  ['SecuritySetting.disableInternalLogin', 'v16.4.2', 'v16.5.0', (t) => field(t, 'SecuritySetting', 'disableInternalLogin')?.type, undefined, 'boolean'],
  [
    'SystemSetting.noreplyEmailDomain (never null)',
    'v16.4.2',
    'v16.5.0',
    (t) => { const f = field(t, 'SystemSetting', 'noreplyEmailDomain'); return f && [f.type, f.nullable ?? false]; },
    undefined,
    ['string', false],
  ],
  [
    'mail connectors gain concurrency',
    'v16.5.2',
    'v16.5.3',
    (t) => ['SmtpImapConnector', 'Office365Connector', 'GmailConnector'].map((c) => field(t, c, 'concurrency')?.type),
    [undefined, undefined, undefined],
    ['int32', 'int32', 'int32'],
  ],
];

describe('Setting group changes, on both sides of their tag', () => {
  it.each(boundaries)('%s (%s -> %s)', (_what, before, after, fact, was, is) => {
    expect(fact(before)).toEqual(was);
    expect(fact(after)).toEqual(is);
  });

  it('has 32 operations in v11.11.4, 30 from v12.0.9, 32 again from v15.0.0', () => {
    const counts = (['v11.11.4', 'v12.0.8', 'v12.0.9', 'v14.1.9', 'v15.0.0', 'v16.5.6'] as const).map((t) => at(t).groups[0]!.operations.length);
    expect(counts).toEqual([32, 32, 30, 30, 32, 32]);
  });
});

describe('issue 10 item 6, in every release', () => {
  it.each(ONEDEV_TAGS)('%s: avatarServiceUrl is never null, a Groovy script\'s content may be', (tag) => {
    expect(field(tag, 'SystemSetting', 'avatarServiceUrl')).toMatchObject({ type: 'string' });
    expect(field(tag, 'SystemSetting', 'avatarServiceUrl')?.nullable ?? false).toBe(false);
    expect(field(tag, 'GroovyScript', 'content')).toMatchObject({ type: { array: 'string' }, nullable: true });
  });
});
