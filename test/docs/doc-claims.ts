/**
 * Reads the hand-written docs (README.md and docs/, outside the regions the build writes) for
 * claims that the committed descriptions can contradict: operation names and operationIds, the
 * number and list of raw-text operations, the status of a query refusal or a validation failure,
 * which reads cap `count`, how many requests a verify run makes, the tarball's version, the first
 * server URL, the 3.0 file's nullable form, and claims about `$ref`s and recursion. The facts come
 * from generated/ and package.json, read here on their own (not through the build's table code).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { plannedCalls } from '../../scripts/lib/mock/verify-plan.js';
import { DEFAULT_RELEASE, ROOT, SUPPORTED_RELEASES, committedDocument, operationsOf, readGenerated, resolveRef, type SupportedRelease } from '../helpers.js';
import { EXT, readExtension } from '../../src/extensions.js';

export interface Finding {
  file: string;
  line: number;
  text: string;
  problem: string;
}

interface ReadLimit {
  route: string;
  /** Words a reader would name the collection by: `pull requests`, `pulls`, `top contributors`. */
  nouns: string[];
  maximum: number;
}

interface ReleaseFacts {
  rawRoutes: Set<string>;
  rawNames: Set<string>;
  rawBodies: number;
  rawTotal: number;
  queryRefusal: number;
  validation?: number;
  limits: ReadLimit[];
  verifyCalls: number;
  firstServer: string;
}

export interface DocFacts {
  releases: Map<SupportedRelease, ReleaseFacts>;
  operationIds: Set<string>;
  summaries: Set<string>;
  /** First words of operation names (Get, Query, Set, ...): what marks a phrase or an id as an operation. */
  verbs: Set<string>;
  /** Group (tag) names, and the same in lowerCamel, longest first. */
  groups: Set<string>;
  groupPrefixes: string[];
  /** Raw-text routes and names of any release. */
  anyRawRoutes: Set<string>;
  anyRawNames: Set<string>;
  /** Nouns of every capped read of any release. */
  anyLimitNouns: Set<string>;
  limitMaximums: Set<number>;
  packageVersion: string;
  /** Which nullable-reference forms the 3.0 files use. */
  nullableForms: Set<'anyOf' | 'allOf'>;
  /** `$ref`s left in the dereferenced files. */
  derefRefs: number;
  /** Schemas that refer to themselves, directly or through others, in any release. */
  recursive: string[];
}

const TAG = /\bv\d+\.\d+\.\d+\b/;
const ROUTE = /\b(GET|POST|DELETE|PUT|PATCH) (\/[^\s`|),]*)/g;
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

const lowerCamel = (name: string): string => {
  const [first = '', ...rest] = name.split(/\s+/);
  return first.toLowerCase() + rest.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
};
const isRawText = (value: unknown): boolean => (value as Record<string, unknown> | undefined)?.['x-onedev-raw-text'] === true;

function limitsOf(doc: OpenAPIObject): ReadLimit[] {
  return operationsOf(doc).flatMap(({ method, path, operation }) => {
    const count = (operation.parameters ?? []).map((p) => resolveRef<ParameterObject>(doc, p)).find((p) => p.in === 'query' && p.name === 'count');
    if (method !== 'GET' || !count) return [];
    const maximum = (count['x-onedev-non-admin-maximum'] as number | undefined) ?? (count.schema as { maximum?: number }).maximum;
    if (maximum === undefined) return [];
    const last = path.split('/').filter((s) => s && !s.startsWith('{')).at(-1)!;
    const nouns = [last.replaceAll('-', ' ')];
    // A top-level collection is also named by its group: /pulls holds pull requests.
    if (path.split('/').length === 2) nouns.push(`${operation.tags![0]!.toLowerCase()}s`);
    return [{ route: `GET ${path}`, nouns, maximum }];
  });
}

function recursiveSchemas(doc: OpenAPIObject): string[] {
  const schemas = doc.components?.schemas ?? {};
  const edges = new Map(Object.entries(schemas).map(([name, schema]) => [name, [...JSON.stringify(schema).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)]));
  const reaches = (from: string, target: string, seen = new Set<string>()): boolean =>
    (edges.get(from) ?? []).some((next) => next === target || (!seen.has(next) && (seen.add(next), reaches(next, target, seen))));
  return Object.keys(schemas).filter((name) => reaches(name, name));
}

export function factsFromDescriptions(): DocFacts {
  const releases = new Map<SupportedRelease, ReleaseFacts>();
  const operationIds = new Set<string>();
  const summaries = new Set<string>();
  const groups = new Set<string>();
  const anyRawRoutes = new Set<string>();
  const anyRawNames = new Set<string>();
  const anyLimitNouns = new Set<string>();
  const limitMaximums = new Set<number>();
  const nullableForms = new Set<'anyOf' | 'allOf'>();
  let derefRefs = 0;
  const recursive = new Set<string>();
  for (const tag of SUPPORTED_RELEASES) {
    const doc = committedDocument(tag);
    const root = doc as unknown as Record<string, unknown>;
    const raw = operationsOf(doc).filter(({ operation }) => isRawText(resolveRef(doc, operation.requestBody)) || isRawText(resolveRef(doc, operation.responses?.['200'])));
    for (const { operation } of operationsOf(doc)) {
      operationIds.add(operation.operationId!);
      summaries.add(operation.summary!);
    }
    doc.tags?.forEach((t) => groups.add(t.name));
    const limits = limitsOf(doc);
    limits.forEach((l) => (l.nouns.forEach((n) => anyLimitNouns.add(n)), limitMaximums.add(l.maximum)));
    raw.forEach(({ method, path, operation }) => (anyRawRoutes.add(`${method} ${path}`), anyRawNames.add(operation.summary!)));
    const refusals = readExtension(root, EXT.refusals) ?? [];
    const v30 = readGenerated(`releases/${tag}/openapi-3.0.json`);
    if (/"anyOf": \[\s*\{\s*"\$ref": "[^"]+"\s*\},\s*\{[^{}]*"nullable": true/.test(v30)) nullableForms.add('anyOf');
    if (/"allOf": \[\s*\{\s*"\$ref": "[^"]+"\s*\}\s*\],\s*"nullable": true/.test(v30) || /"nullable": true,\s*"allOf": \[\s*\{\s*"\$ref"/.test(v30)) nullableForms.add('allOf');
    derefRefs += (readGenerated(`releases/${tag}/openapi.deref.json`).match(/"\$ref"/g) ?? []).length;
    recursiveSchemas(doc).forEach((name) => recursive.add(name));
    releases.set(tag, {
      rawRoutes: new Set(raw.map(({ method, path }) => `${method} ${path}`)),
      rawNames: new Set(raw.map(({ operation }) => operation.summary!)),
      rawBodies: raw.filter(({ operation }) => isRawText(resolveRef(doc, operation.requestBody))).length,
      rawTotal: raw.length,
      queryRefusal: root['x-onedev-query-refusal-status'] as number,
      validation: refusals.find((r) => r.kind === 'validation')?.status,
      limits,
      verifyCalls: plannedCalls(doc).filter((c) => !c.neverCalled).length,
      firstServer: doc.servers![0]!.url,
    });
  }
  const verbs = new Set([...summaries].map((s) => s.split(' ')[0]!));
  return {
    releases,
    operationIds,
    summaries,
    verbs,
    groups,
    groupPrefixes: [...groups].map(lowerCamel).sort((a, b) => b.length - a.length),
    anyRawRoutes,
    anyRawNames,
    anyLimitNouns,
    limitMaximums,
    packageVersion: (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    nullableForms,
    derefRefs,
    recursive: [...recursive],
  };
}

interface Unit {
  line: number;
  text: string;
  /** The heading the unit is under (its section). */
  section: number;
}

/**
 * The hand-written text of a Markdown file as units a claim lives in: each sentence of prose,
 * each table row, heading and code line, with the line it starts on. Generated regions are left out.
 */
export function handWrittenUnits(text: string): Unit[] {
  const lines = text.split('\n');
  const units: Unit[] = [];
  let section = 0;
  let fenced = false;
  let generated = false;
  let paragraph: Array<{ line: number; text: string }> = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    let joined = '';
    const starts: number[] = [];
    for (const { text: t } of paragraph) {
      starts.push(joined.length);
      joined += `${t.trim()} `;
    }
    const lineAt = (offset: number) => paragraph[starts.filter((s) => s <= offset).length - 1]!.line;
    let at = 0;
    for (const sentence of joined.split(/(?<=[.!?])\s+(?=[A-Z0-9*`[(])/)) {
      const offset = joined.indexOf(sentence, at);
      at = offset + sentence.length;
      if (sentence.trim()) units.push({ line: lineAt(offset), text: sentence.trim(), section });
    }
    paragraph = [];
  };
  lines.forEach((line, index) => {
    const n = index + 1;
    if (/^<!-- facts:[a-z0-9-]+ -->$/.test(line)) return (flush(), (generated = true));
    if (/^<!-- \/facts:[a-z0-9-]+ -->$/.test(line)) return void (generated = false);
    if (generated) return;
    if (/^\s*(```|~~~)/.test(line)) return (flush(), (fenced = !fenced));
    if (fenced || /^\s*\|/.test(line) || /^#/.test(line)) {
      flush();
      if (/^#/.test(line)) section++;
      units.push({ line: n, text: line, section });
      return;
    }
    if (!line.trim()) return flush();
    if (/^\s*([-*]|\d+\.)\s/.test(line)) flush();
    paragraph.push({ line: n, text: line });
  });
  flush();
  return units;
}

function numberIn(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const i = NUMBER_WORDS.indexOf(text.toLowerCase());
  return i >= 0 ? i : undefined;
}

/** The releases a unit names (explicit tags), or undefined when it names none. */
const namedReleases = (text: string): boolean => TAG.test(text);

/** Every claim in `text` (a file's content) that the facts contradict. */
export function scanClaims(file: string, text: string, facts: DocFacts): Finding[] {
  const findings: Finding[] = [];
  const current = facts.releases.get(DEFAULT_RELEASE)!;
  const units = handWrittenUnits(text);
  const flag = (unit: Unit, problem: string) => {
    if (!findings.some((f) => f.line === unit.line && f.problem === problem)) findings.push({ file, line: unit.line, text: unit.text.slice(0, 160), problem });
  };

  for (const unit of units) {
    const t = unit.text;

    // operationIds: a group prefix, then an operation verb, must be an id of some release.
    for (const [word] of t.matchAll(/\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+\b/g)) {
      const prefix = facts.groupPrefixes.find((p) => word.startsWith(p) && /^[A-Z]/.test(word.slice(p.length)));
      const verb = prefix ? /^[A-Z][a-z0-9]*/.exec(word.slice(prefix.length))?.[0] : undefined;
      // A generator's variant of a method keeps the id and adds a word (`pullRequestSetTitleRaw`).
      const variant = [...facts.operationIds].some((id) => word.startsWith(id) && /^[A-Z]/.test(word.slice(id.length)));
      if (verb && facts.verbs.has(verb) && !facts.operationIds.has(word) && !variant) flag(unit, `operationId ${word} is in no published release`);
    }

    // Operation names written as names: *Query Basic Info*, `Get Id`.
    for (const m of t.matchAll(/(?<![*\w])\*([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)\*(?![*\w])|`([A-Z][a-z]+(?: [A-Z][A-Za-z]*)+)`/g)) {
      const phrase = m[1] ?? m[2]!;
      if (facts.verbs.has(phrase.split(' ')[0]!) && !facts.summaries.has(phrase) && !facts.groups.has(phrase)) flag(unit, `operation "${phrase}" is named in no published release`);
    }

    const rawContext = /raw[- ]text|plain text/i.test(t);
    if (rawContext && !namedReleases(t)) {
      // "N raw-text operations", "Eight operations (...) take their body as raw text".
      const counted = [...t.matchAll(/\b(\d+|[A-Za-z]+) raw[- ]text (?:operations|bodies)\b/gi), ...t.matchAll(/^(\d+|[A-Za-z]+) operations\b/g)];
      for (const [, n] of counted) {
        const value = numberIn(n!);
        if (value !== undefined && value !== current.rawBodies && value !== current.rawTotal) {
          flag(unit, `says ${value} raw-text operations; ${DEFAULT_RELEASE} marks ${current.rawBodies} bodies (${current.rawTotal} with answers): point to the generated table`);
        }
      }
      // A list of raw-text operations by name is a copy that will drift: it must be complete.
      const named = [...facts.anyRawNames].filter((name) => new RegExp(`(?<![A-Za-z])${name}(?![A-Za-z])`).test(t));
      const examples = /\b(?:and others|among others|and more|for example|e\.g\.|such as|among them|including)\b/i.test(t);
      if (named.length >= 3 && named.length < current.rawNames.size && !examples) {
        flag(unit, `lists ${named.length} raw-text operations by name; ${DEFAULT_RELEASE} marks ${current.rawTotal}: point to the generated table`);
      }
    }

    if (!namedReleases(t)) {
      const statuses = [...t.matchAll(/\b(400|406)\b/g)].map((m) => Number(m[1]));
      const queryTrigger = /unknown (?:or missing )?query parameter|`?count`? (?:over|above) (?:the limit|\d)|count over the limit|missing `offset`|query that does not parse|bad query parameter|unknown project (?:path|key)/i.test(t);
      if (queryTrigger) {
        for (const s of statuses) if (s !== current.queryRefusal) flag(unit, `says ${s} for a bad query parameter; ${DEFAULT_RELEASE} answers ${current.queryRefusal}`);
      }
      if (/validation rule|fails validation|breaks a validation/i.test(t) && current.validation !== undefined) {
        for (const s of statuses) if (s !== current.validation) flag(unit, `says ${s} for a validation failure; ${DEFAULT_RELEASE} answers ${current.validation}`);
      }

      // Page limits: a sentence that names capped reads with their limit must name all of them.
      for (const [, n] of t.matchAll(/\b(?:at most|over|above|more than)\s+(\d[\d,]*)\b/gi)) {
        const maximum = Number(n!.replaceAll(',', ''));
        if (!facts.limitMaximums.has(maximum)) continue;
        const lower = t.toLowerCase();
        const mentioned = [...facts.anyLimitNouns].filter((noun) => new RegExp(`\\b${noun}\\b`).test(lower));
        if (mentioned.length === 0) continue;
        const missed = current.limits.filter((l) => l.maximum === maximum && !l.nouns.some((noun) => mentioned.includes(noun)));
        if (missed.length > 0) {
          flag(unit, `names some reads capped at ${maximum} but not ${missed.map((l) => l.route).join(', ')} (${DEFAULT_RELEASE}): point to docs/paging.md#page-limits`);
        }
      }

      for (const [, n] of t.matchAll(/\bat most (\d+) (?:requests|calls)\b/g)) {
        if (Number(n) !== current.verifyCalls) flag(unit, `says at most ${n} requests; a verify run of ${DEFAULT_RELEASE} makes up to ${current.verifyCalls}`);
      }
    }

    for (const [, version] of t.matchAll(/onedev-openapi-(\d+\.\d+\.\d+)\.tgz/g)) {
      if (version !== facts.packageVersion) flag(unit, `names the tarball of version ${version}; package.json says ${facts.packageVersion}`);
    }

    if (/\bfirst (?:server|URL)\b|placeholder/i.test(t)) {
      for (const [url] of t.matchAll(/https?:\/\/[^\s`'")]+\/~api\b/g)) {
        if (url !== current.firstServer) flag(unit, `gives ${url} as the first server; the descriptions say ${current.firstServer}`);
      }
    }

    // The 3.0 file's nullable references: a form stated as what the file says must be in it.
    const forms = (['anyOf', 'allOf'] as const).filter((form) => new RegExp(`\`${form}: \\[\\{?\\$ref`).test(t));
    const stated = /^\s*\|/.test(t) || /\bis\s+`(?:anyOf|allOf)/.test(t) || /`(?:anyOf|allOf)[^`]*`[^.]*\bis the form\b/.test(t);
    if (stated && /nullable/.test(t) && forms.length === 1 && !facts.nullableForms.has(forms[0]!)) {
      flag(unit, `describes nullable references in the 3.0 file as \`${forms[0]}\`, which the 3.0 files do not use`);
    }

    if (/every `\$ref` (?:is )?(?:inlined|replaced)|every reference replaced|\bno `\$ref`|without `\$ref`/i.test(t) && facts.derefRefs > 0) {
      flag(unit, `says the dereferenced file has no \`$ref\`; the committed ones keep ${facts.derefRefs}`);
    }
    if (/no recursive schema|no schema (?:refers to itself|is recursive)/i.test(t) && facts.recursive.length > 0) {
      flag(unit, `says no schema is recursive; ${facts.recursive.join(', ')} are`);
    }
  }

  // A section about raw text that lists raw-text routes by hand must list them all.
  const sections = new Map<number, Unit[]>();
  for (const unit of units) (sections.get(unit.section) ?? sections.set(unit.section, []).get(unit.section)!).push(unit);
  for (const members of sections.values()) {
    if (!members.some((u) => /raw[- ]text/i.test(u.text)) || members.some((u) => namedReleases(u.text))) continue;
    const routes = new Set(members.flatMap((u) => [...u.text.matchAll(ROUTE)].map((m) => `${m[1]} ${m[2]}`)));
    const raw = [...routes].filter((r) => facts.anyRawRoutes.has(r));
    if (raw.length >= 3 && raw.length === routes.size && raw.length < current.rawRoutes.size) {
      flag(members[0]!, `the section lists ${raw.length} raw-text routes by hand; ${DEFAULT_RELEASE} marks ${current.rawRoutes.size}: point to the generated table`);
    }
  }
  return findings;
}
