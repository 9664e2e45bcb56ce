/**
 * The extension contract (src/extensions.ts) holds together: each entry's `type` text, which
 * docs/extensions.md shows, is exactly the type its reader returns (checked by the compiler), the
 * names are unique, and the readers take the shapes the contract states and nothing else.
 */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EXT, extensionEntry, readExtension, writeExtension, type ExtensionKey } from '../../src/extensions.js';
import { ROOT } from '../helpers.js';

const keys = Object.keys(EXT) as ExtensionKey[];

/** Compiler diagnostics of a module written beside this test, one line each with its line number. */
function diagnosticsOf(source: string): string[] {
  const file = join(ROOT, 'test/src/extension-types.check.ts');
  const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

describe('the extension contract', () => {
  it('names every extension once, each x-onedev-*, with a place, a type and a description', () => {
    const names = keys.map((key) => EXT[key].name);
    expect(new Set(names).size).toBe(names.length);
    for (const key of keys) {
      const entry = EXT[key];
      expect(entry.name, key).toMatch(/^x-onedev-[a-z]+(-[a-z]+)*$/);
      expect(entry.where.length, key).toBeGreaterThan(0);
      expect(entry.type.trim(), key).not.toBe('');
      expect(entry.description.length, key).toBeGreaterThan(60);
    }
  });

  it('states each value type as the very type its reader returns', () => {
    const header = [
      "import type { EXT, ExtensionValue } from '../../src/extensions.js';",
      "import type { EffectSpec, QueryLanguageSpec, TermMatch } from '../../spec/model.js';",
      'type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;',
      // The check itself is shown to fail: this line must be the one diagnostic.
      'export const differs: Same<string, number> = true;',
    ];
    const lines = keys.map((key) => `export const ${key}: Same<ExtensionValue<typeof EXT.${key}>, ${EXT[key].type}> = true;`);
    const diagnostics = diagnosticsOf([...header, ...lines].join('\n'));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatch(/^4: Type 'true' is not assignable to type 'false'/);
  });

  it('reads a value of the stated shape and refuses any other', () => {
    const good: Record<ExtensionKey, unknown> = {
      version: 'v16.5.6',
      queryRefusalStatus: 406,
      refusals: [{ kind: 'credentials', what: 'no credentials, or wrong ones', status: 401 }],
      route: '/artifacts/{projectId}/{path:(/.*)?}',
      missingId: { status: 400, callers: 'administrators' },
      update: 'merge',
      ignoredBody: true,
      rawText: true,
      untaggedRoot: { property: '@type', tagged: 'MailService' },
      nonAdminMaximum: 100,
      queryLanguage: { list: 'build', records: 'builds', fields: [], criteria: [], tokens: [], orderBy: [], refusals: [], examples: [] },
      lists: { fields: ['ownerId'] },
      answers: 'caller',
      matches: { properties: ['name', 'fullName'], related: [{ record: 'EmailAddress', link: 'ownerId', property: 'value' }] },
      effect: {
        changes: [{ set: 'PullRequest', at: { param: 'requestId' }, values: { status: { const: 'MERGED' } } }],
        refuses: [{ when: { property: 'status', in: ['MERGED'] }, status: 406, message: 'Pull request already closed' }],
      },
      requiredWhen: [{ property: 'type', values: ['ORDINARY'], required: ['password'] }],
      eventType: 'PULL_REQUEST',
      sentAfter: [{ operationId: 'pullRequestCreate', route: 'POST /pulls', values: { date: 'now' } }],
      customHeaders: false,
      secret: true,
    };
    const bad: Record<ExtensionKey, unknown[]> = {
      version: [16, null],
      queryRefusalStatus: ['406', 40, 4.5],
      refusals: [{ kind: 'credentials', what: 'x', status: 401 }, [{ what: 'x', status: 401 }], [{ kind: 'rudeness', what: 'x', status: 401 }], [{ kind: 'credentials', what: 1, status: 401 }]],
      route: [true],
      missingId: [{ status: 400 }, { status: '400', callers: 'everyone' }, { status: 400, callers: 'nobody' }],
      update: ['patch', true],
      ignoredBody: [false, 'true'],
      rawText: [false, 1],
      untaggedRoot: [{ property: 'type', tagged: 'X' }, { property: '@type' }],
      nonAdminMaximum: [0, -5, 1.5, '100'],
      queryLanguage: [{ list: 'build', records: 'builds' }, 'build'],
      lists: [{ fields: [] }, { fields: 'ownerId' }, ['ownerId']],
      answers: ['me', true],
      matches: [{ properties: 'name' }, { properties: ['name'], related: [{ record: 'EmailAddress', link: 'ownerId' }] }, ['name']],
      effect: [{ changes: 'none' }, { changes: [{ merge: 'PullRequest' }] }, { changes: [{ create: 'A', remove: 'A' }] }, { changes: [], none: 1 }, { changes: [], refuses: [{ when: {}, status: 406 }] }],
      requiredWhen: [{ property: 'type', values: [], required: [] }, [{ property: 'type', values: 'ORDINARY', required: [] }]],
      eventType: [['PULL_REQUEST']],
      sentAfter: [[{ operationId: 'x', route: 'POST /x' }], [{ operationId: 'x', route: 'POST /x', values: { date: 1 } }]],
      customHeaders: ['yes', 1],
      secret: [false],
    };
    for (const key of keys) {
      const extension = EXT[key] as (typeof EXT)[ExtensionKey] & { accepts: (v: unknown) => boolean };
      expect(readExtension({ [EXT[key].name]: good[key] }, extension), key).toEqual(good[key]);
      for (const value of bad[key]) expect(readExtension({ [EXT[key].name]: value }, extension), `${key}: ${JSON.stringify(value)}`).toBeUndefined();
      expect(readExtension({}, extension), key).toBeUndefined();
      expect(readExtension(undefined, extension), key).toBeUndefined();
    }
  });

  it('writes under the name, in place or as an entry to spread', () => {
    const target: Record<string, unknown> = {};
    writeExtension(target, EXT.missingId, { status: 400, callers: 'everyone' });
    expect(target).toEqual({ 'x-onedev-missing-id': { status: 400, callers: 'everyone' } });
    expect({ a: 1, ...extensionEntry(EXT.rawText, true), b: 2 }).toEqual({ a: 1, 'x-onedev-raw-text': true, b: 2 });
    expect(Object.keys({ a: 1, ...extensionEntry(EXT.rawText, true), b: 2 })).toEqual(['a', 'x-onedev-raw-text', 'b']);
  });
});
