/**
 * `rootDiscriminator` (spec/model.ts): every JSON success whose type is a family or a family member
 * says whether the server writes the discriminator at its root, and the build refuses one that does
 * not say, so a new one cannot slip in unmarked. Omitted: the answer is `<Name>Untagged`, whose
 * members the build checks can be told apart by their properties, the example must not carry the
 * discriminator, and the write of the same path says to add it back.
 */
import { describe, expect, it } from 'vitest';
import type { SchemaObject } from 'openapi3-ts/oas31';
import type { GroupSpec, ObjectSchema, OperationSpec, SchemaTable } from '../../spec/model.js';
import { catalogue, type Catalogue } from '../../scripts/lib/catalogue.js';
import { selectRelease } from '../../scripts/lib/select-release.js';
import { ONEDEV_TAGS } from '../../spec/releases.js';
import { buildSeed, seedProblems } from '../support/catalogue-build.js';
import { EXT } from '../../src/extensions.js';

const UNTAGGED_ROOT = EXT.untaggedRoot.name;

const build = buildSeed;
const problemsOf = seedProblems;


type Op = OperationSpec & { success: Extract<OperationSpec['success'], { kind: 'json' }> };

/** A private copy of the catalogue with one operation of the Setting group changed. */
function withSettingOp(match: (op: OperationSpec) => boolean, edit: (op: Op) => void): Catalogue {
  const copy = structuredClone(catalogue) as Catalogue;
  const group = copy.groups.find((g) => g.name === 'Setting') as GroupSpec & { operations: OperationSpec[] };
  const found = group.operations.filter(match);
  expect(found.length).toBeGreaterThan(0);
  for (const op of found) edit(op as Op);
  return copy;
}

const getMailService = (op: OperationSpec) => op.method === 'GET' && op.path === '/settings/mail-service' && op.until === 'v13.0.8';
const getSsh = (op: OperationSpec) => op.method === 'GET' && op.path === '/settings/ssh';
const WHERE = 'operation settingGetMailService (GET /settings/mail-service)';

describe('every answer that is a family says whether its root carries the discriminator', () => {
  it('marks, over every tag the catalogue knows, exactly the reads OneDev\'s source gives', () => {
    // From the source: Jersey hands Jackson a bare value as its concrete class, and only a family
    // whose class declares @JsonTypeInfo (Authenticator) still gets its type id at the root.
    const marks = new Map<string, Set<string>>();
    for (const tag of ONEDEV_TAGS) {
      for (const op of selectRelease(catalogue, tag).groups.flatMap((g) => g.operations)) {
        if (op.success.kind !== 'json' || !op.success.rootDiscriminator) continue;
        const key = `${op.method} ${op.path} ${JSON.stringify(op.success.type)} ${op.success.rootDiscriminator}`;
        (marks.get(key) ?? marks.set(key, new Set()).get(key)!).add(tag);
      }
    }
    expect(new Map([...marks].map(([key, tags]) => [key, tags.size]))).toEqual(new Map([
      ['GET /settings/authenticator {"ref":"Authenticator"} written', ONEDEV_TAGS.length],
      ['GET /settings/mail-service {"ref":"MailService"} omitted', ONEDEV_TAGS.indexOf('v13.0.8')],
      ['GET /settings/mail-service {"ref":"MailConnector"} omitted', ONEDEV_TAGS.length - ONEDEV_TAGS.indexOf('v13.0.8')],
    ]));
  });

  it('refuses a family answer that does not say', () => {
    const input = withSettingOp(getMailService, (op) => {
      delete op.success.rootDiscriminator;
      op.success.example = 'MailService';
    });
    expect(problemsOf(input)).toContain(
      `${WHERE}, success: MailService is polymorphic: say whether the server writes \`@type\` at the root with rootDiscriminator 'written' or 'omitted'`,
    );
  });

  it('refuses the mark on an answer that is not a family', () => {
    const input = withSettingOp(getSsh, (op) => {
      op.success.rootDiscriminator = 'omitted';
    });
    expect(problemsOf(input)).toContain(
      'operation settingGetSshSetting (GET /settings/ssh), success: rootDiscriminator is only for an answer that is a family or a family member, not {"ref":"SshSetting"}',
    );
  });

  it('refuses an example that carries the discriminator the answer comes without', () => {
    const input = withSettingOp(getMailService, (op) => {
      op.success.example = 'MailService';
    });
    expect(problemsOf(input)).toContain(`${WHERE}, success.example: MailService carries \`@type\` at its root, which this answer comes without`);
  });

  it('refuses a family whose members could not be told apart without the discriminator', () => {
    const input = structuredClone(catalogue) as Catalogue;
    const table = Object.values(input.schemas).find((t) => 'GmailMailService' in t) as SchemaTable;
    const gmail = table.GmailMailService as ObjectSchema;
    // A Gmail service with every property Office 365 requires fits both shapes.
    const office = table.Office365MailService as ObjectSchema;
    gmail.fields = { ...office.fields, ...gmail.fields };
    expect(problemsOf(input)).toContain(
      'schema MailServiceUntagged: an answer of GmailMailService also fits Office365MailService (it has every property Office365MailService requires); without `@type` they cannot be told apart',
    );
  });
});

describe('an answer whose root comes without the discriminator', () => {
  const doc = build(catalogue);
  const schemas = doc.components!.schemas as Record<string, SchemaObject>;
  const get = (doc.paths!['/settings/mail-service'] as any).get;
  const post = (doc.paths!['/settings/mail-service'] as any).post;

  it('is the family\'s untagged form: a union of its members without the discriminator, nested values kept', () => {
    expect(get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/MailServiceUntagged' });
    expect(get.responses['200'][UNTAGGED_ROOT]).toEqual({ property: '@type', tagged: 'MailService' });
    const untagged = schemas.MailServiceUntagged!;
    expect(untagged.discriminator).toBeUndefined();
    expect(untagged.oneOf).toEqual(['SmtpImapMailService', 'Office365MailService', 'GmailMailService'].map((m) => ({ $ref: `#/components/schemas/${m}Untagged` })));
    for (const member of ['SmtpImapMailService', 'Office365MailService', 'GmailMailService']) {
      const bare = schemas[`${member}Untagged`]!;
      const tagged = schemas[member]!;
      expect(bare.properties!['@type']).toBeUndefined();
      expect(bare.required).not.toContain('@type');
      expect(Object.keys(bare.properties!)).toEqual(Object.keys(tagged.properties!).filter((p) => p !== '@type'));
      expect(bare.description).toContain(`which a request must give as \`${member}\``);
    }
    // A nested family keeps its discriminator.
    expect(schemas.SmtpImapMailServiceUntagged!.properties!.sslSetting).toEqual(schemas.SmtpImapMailService!.properties!.sslSetting);
    // The write still takes the tagged family, and says to add `@type` to a value read back.
    expect(post.requestBody.content['application/json'].schema.oneOf[0]).toEqual({ $ref: '#/components/schemas/MailService' });
    expect(post.requestBody.description).toContain('Get Mail Service answers this value without `@type` at its root');
  });

  it('written at the root: the tagged family, no extension, no note on the write', () => {
    const written = build(withSettingOp(getMailService, (op) => {
      op.success.rootDiscriminator = 'written';
      op.success.example = 'MailService';
    }));
    const read = (written.paths!['/settings/mail-service'] as any).get.responses['200'];
    expect(read.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/MailService' });
    expect(read[UNTAGGED_ROOT]).toBeUndefined();
    expect((written.components!.schemas as Record<string, unknown>).MailServiceUntagged).toBeUndefined();
    expect((written.paths!['/settings/mail-service'] as any).post.requestBody.description).not.toContain('without `@type`');
  });
});
