/**
 * docs/extensions.md: one section per `x-onedev-*` extension, written from the contract
 * (src/extensions.ts) with an example value from the newest built description that carries it.
 * The page is written whole, so the fact regions (steps/facts.ts) leave it alone.
 */
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { EXT, type Extension } from '../../../src/extensions.js';
import type { SupportedRelease } from '../../../spec/releases.js';
import { extensionUses, type ExtensionUse } from '../extension-uses.js';
import type { SetStep } from './types.js';

export const EXTENSIONS_FILE = 'docs/extensions.md';

/** Above this many lines an example's lists are cut to their first entry. */
const LONG_EXAMPLE = 40;

type Docs = ReadonlyMap<SupportedRelease, OpenAPIObject>;

/** The value with every list cut to its first entry. */
function firstEntries(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 1).map(firstEntries);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, firstEntries(item)]));
}

function exampleText(use: ExtensionUse, tag: SupportedRelease): string[] {
  const whole = JSON.stringify(use.value, null, 2);
  const cut = whole.split('\n').length > LONG_EXAMPLE;
  const shown = cut ? JSON.stringify(firstEntries(use.value), null, 2) : whole;
  const note = cut ? ', every list cut to its first entry' : '';
  return [`Example, from the ${tag} description at \`${use.pointer}\`${note}:`, '', '```json', shown, '```'];
}

/** The releases that write it, in words. */
function releasesText(tags: readonly SupportedRelease[], all: readonly SupportedRelease[]): string {
  if (tags.length === all.length) return 'every supported release';
  if (tags.length === 0) return 'no supported release';
  return tags.join(', ');
}

function section(extension: Extension<unknown>, uses: ReadonlyMap<SupportedRelease, ExtensionUse[]>): string[] {
  const all = [...uses.keys()];
  const writing = all.filter((tag) => uses.get(tag)!.some((use) => use.name === extension.name));
  const newest = writing.at(-1);
  const example = newest ? uses.get(newest)!.find((use) => use.name === extension.name) : undefined;
  return [
    `## \`${extension.name}\``,
    '',
    `- **Where:** ${extension.where.join(', ')}`,
    `- **Value:** \`${extension.type}\``,
    `- **Written by:** ${releasesText(writing, all)}${extension.unwritten ? ` (${extension.unwritten})` : ''}`,
    '',
    extension.description,
    '',
    ...(example && newest ? exampleText(example, newest) : ['No description built now carries it, so there is no example.']),
    '',
  ];
}

/** The page's Markdown for these built descriptions (oldest first). */
export function renderExtensionsPage(docs: Docs): string {
  const uses = new Map([...docs].map(([tag, doc]) => [tag, extensionUses(doc)] as const));
  const entries = Object.values(EXT) as ReadonlyArray<Extension<unknown>>;
  return [
    '# The `x-onedev-*` extensions',
    '',
    '<!-- Written by `npm run build` from src/extensions.ts: change that file, not this one. -->',
    '',
    'Each description states some facts no OpenAPI keyword can hold as `x-onedev-*` extensions: how a',
    'body travels, which status a release answers a refusal with, what makes OneDev post a web hook.',
    'Code generators ignore them; the mock, `verify` and the client read them, and so may your tools.',
    'This page lists every one, with where it is written, the TypeScript type of its value and what',
    'it means, from the contract in `src/extensions.ts` (`EXT`, and `readExtension`, which reads one',
    'and checks its shape). The 3.0 and dereferenced files carry them too; 3.0 has no web hooks, so',
    'it lacks those of web-hook operations.',
    '',
    '| extension | where | value |',
    '| --- | --- | --- |',
    ...entries.map((e) => `| [\`${e.name}\`](#${e.name}) | ${e.where.join(', ')} | \`${e.type.replaceAll('|', '\\|')}\` |`),
    '',
    ...entries.flatMap((e) => section(e, uses)),
  ].join('\n');
}

export const extensionsStep: SetStep = (docs) => [{ path: EXTENSIONS_FILE, content: renderExtensionsPage(docs) }];
