/**
 * The tab-separated fixtures the maintainer tool writes (formats agreed in the team's formats
 * note): route tables, route lifespans, web-hook events and wire fields. Each writer is the one
 * place its format is spelled; the readers are for the tests and the `changes` command.
 */
import type { LifespanRow, RouteRow } from './routes.js';
import type { WebHookRow } from './webhooks.js';
import type { JsonType } from './wire.js';

const TOOL = 'scripts/onedev-source.ts';

const lines = (rows: string[][]) => rows.map((r) => `${r.join('\t')}\n`).join('');

/** test/fixtures/routes/<tag>.tsv: a column header, then the help page's routes. */
export function formatRoutes(rows: readonly RouteRow[]): string {
  return lines([
    ['group', 'operation', 'method', 'path', 'javaClass', 'javaMethod'],
    ...rows.map((r) => [r.group, r.operation, r.method, r.path, r.javaClass, r.javaMethod]),
  ]);
}

export function parseRoutes(text: string): RouteRow[] {
  return dataLines(text, 'group\t').map((cells) => {
    const [group, operation, method, path, javaClass, javaMethod] = cells as [string, string, string, string, string, string];
    return { group, operation, method, path, javaClass, javaMethod };
  });
}

/** test/fixtures/routes/lifespans.tsv over tags `first`..`last`. */
export function formatLifespans(rows: readonly LifespanRow[], first: string, last: string): string {
  return (
    `# Every public route of OneDev ${first}..${last} (path parameters blanked), with the first tag that serves it\n` +
    `# and the first that no longer does (empty: from before ${first} / still served at ${last}). Written from each tag's resource classes.\n` +
    lines([['method', 'path', 'since', 'until'], ...rows.map((r) => [r.method, r.path, r.since ?? '', r.until ?? ''])])
  );
}

/** test/fixtures/webhooks/<tag>.tsv. */
export function formatWebHooks(rows: readonly WebHookRow[], tag: string): string {
  return (
    `# Web-hook events of OneDev ${tag}: each concrete class under event/project/ that a WebHook.EventType includes, with the\n` +
    `# properties OneDev's ObjectMapper writes for it (fields incl. inherited, not getters; static, transient and @JsonIgnore\n` +
    `# dropped; a getter annotated @JsonProperty adds its property). Written by ${TOOL} (webhooks --tag ${tag}); do not edit.\n` +
    `# nullable: primitives never; a reference-typed property is yes when the field, its getter, or the constructor\n` +
    `# parameter it is assigned from is annotated @Nullable, else no.\n` +
    `# event\teventType\tproperty\ttype\tnullable\n` +
    lines(rows.map((r) => [r.event, r.eventType, r.property, r.type, r.nullable ? 'yes' : 'no']))
  );
}

export function parseWebHooks(text: string): WebHookRow[] {
  return dataLines(text).map((cells) => {
    const [event, eventType, property, type, nullable] = cells as [string, string, string, JsonType, string];
    return { event, eventType, property, type, nullable: nullable === 'yes' };
  });
}

/**
 * One wire property of a class: `<Java simple class name> <JSON property> <json type>`. A class
 * without properties has one row with an empty property and type.
 */
export interface FieldRow {
  javaClass: string;
  property: string;
  type: JsonType | '';
}

export const fieldKey = (r: FieldRow) => `${r.javaClass}\t${r.property}\t${r.type}`;

/** test/fixtures/fields/<tag>.tsv: every wire property of the classes the REST resources read or write. */
export function formatFields(rows: readonly FieldRow[], tag: string): string {
  return (
    `# Wire properties of every entity, bean and settings class the REST resources of OneDev ${tag} read or write\n` +
    `# (OneDev's Jackson rules: fields incl. inherited, not getters; entity references as <name>Id integers).\n` +
    `# A class without properties has one row with an empty property and type.\n` +
    `# Written by ${TOOL} (fields --tag ${tag}); do not edit.\n` +
    `# class\tproperty\ttype\n` +
    lines(rows.map((r) => [r.javaClass, r.property, r.type]))
  );
}

export function parseFields(text: string): FieldRow[] {
  return dataLines(text).map((cells) => {
    const [javaClass, property, type] = cells as [string, string, JsonType];
    return { javaClass, property, type };
  });
}

/** Rows of a table: comments, blank lines and the column header (when named) left out. */
function dataLines(text: string, header?: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#') && !(header && line.startsWith(header)))
    .map((line) => line.split('\t'));
}
