/**
 * What changed between two tags, as a Markdown checklist for whoever updates the catalogue:
 * routes served or no longer served (renamed operations, and what a method returns or reads),
 * wire fields added, removed or retyped per class, and web-hook events and payload properties.
 */
import type { OneDevSource } from './onedev.js';
import { blankedRoute, type RouteRow } from './routes.js';
import type { FieldRow } from './tables.js';
import type { WebHookRow } from './webhooks.js';

const code = (s: string) => `\`${s}\``;

function routeChanges(from: RouteRow[], to: RouteRow[], toTag: string, fromTag: string): string[] {
  const before = new Map(from.map((r) => [blankedRoute(r), r]));
  const after = new Map(to.map((r) => [blankedRoute(r), r]));
  const lines: string[] = [];
  for (const [key, r] of after) {
    const old = before.get(key);
    const where = `${r.group} / ${r.operation}, ${r.javaClass}.${r.javaMethod}`;
    if (!old) lines.push(`- [ ] add ${code(`${r.method} ${r.path}`)} (${where}) with \`since: '${toTag}'\``);
    else if (old.group !== r.group || old.operation !== r.operation) {
      lines.push(`- [ ] ${code(`${r.method} ${r.path}`)} is now named ${code(`${r.group} / ${r.operation}`)} (was ${code(`${old.group} / ${old.operation}`)})`);
    } else if (old.path !== r.path) lines.push(`- [ ] ${code(`${r.method} ${old.path}`)}: path parameters now written ${code(r.path)}`);
    if (old && old.signature !== r.signature) {
      lines.push(`- [ ] ${code(`${r.method} ${r.path}`)} (${where}) now ${code(r.signature ?? '')}, was ${code(old.signature ?? '')}`);
    }
  }
  for (const [key, r] of before) {
    if (!after.has(key)) lines.push(`- [ ] ${code(`${r.method} ${r.path}`)} (${r.group} / ${r.operation}) is gone: \`until: '${toTag}'\` (served at ${fromTag})`);
  }
  return lines;
}

function byClass<T extends { property: string }>(rows: readonly T[], cls: (r: T) => string): Map<string, Map<string, T>> {
  const out = new Map<string, Map<string, T>>();
  for (const r of rows) {
    if (!out.has(cls(r))) out.set(cls(r), new Map());
    // A class without properties is listed by a row with an empty property.
    if (r.property !== '') out.get(cls(r))!.set(r.property, r);
  }
  return out;
}

function propertyChanges<T extends { property: string; type: string }>(
  from: readonly T[],
  to: readonly T[],
  owner: (r: T) => string,
  noun: string,
  describe: (r: T) => string,
  toTag: string,
): string[] {
  const before = byClass(from, owner);
  const after = byClass(to, owner);
  const lines: string[] = [];
  for (const [name, props] of after) {
    const old = before.get(name);
    if (!old) {
      lines.push(`- [ ] new ${noun} ${code(name)} (\`since: '${toTag}'\`): ${[...props.values()].map(describe).join(', ') || 'no properties'}`);
      continue;
    }
    for (const [prop, r] of props) {
      const was = old.get(prop);
      if (!was) lines.push(`- [ ] ${code(name)}: add ${describe(r)} (\`since: '${toTag}'\`)`);
      else if (describe(was) !== describe(r)) lines.push(`- [ ] ${code(name)}: ${code(prop)} was ${describe(was)}, now ${describe(r)} (from ${toTag})`);
    }
    for (const [prop, r] of old) if (!props.has(prop)) lines.push(`- [ ] ${code(name)}: ${describe(r)} is gone (\`until: '${toTag}'\`)`);
  }
  for (const name of before.keys()) if (!after.has(name)) lines.push(`- [ ] ${noun} ${code(name)} is gone (\`until: '${toTag}'\`)`);
  return lines;
}

const section = (title: string, lines: string[]) => [`## ${title}`, '', ...(lines.length > 0 ? lines : ['Nothing changed.']), ''];

/** The checklist from `fromTag` to `toTag` (any two tags of the repository). */
export function changesMarkdown(source: OneDevSource, fromTag: string, toTag: string): string {
  const field = (r: FieldRow) => `${code(r.property)} (${r.type})`;
  const hook = (r: WebHookRow) => `${code(r.property)} (${r.type}${r.nullable ? ', nullable' : ''})`;
  const hookOwner = (r: WebHookRow) => `${r.event} (${r.eventType})`;
  return [
    `# OneDev ${fromTag} -> ${toTag}: what the catalogue must follow`,
    '',
    `Read from the two tags' source by scripts/onedev-source.ts. Annotations name ${toTag}; when the tags are not`,
    'consecutive, run the command on the tags in between to find the exact tag of each change.',
    '',
    ...section('Routes', routeChanges(source.routes(fromTag), source.routes(toTag), toTag, fromTag)),
    ...section('Wire fields', propertyChanges(source.fields(fromTag), source.fields(toTag), (r) => r.javaClass, 'class', field, toTag)),
    ...section('Web-hook events', propertyChanges(source.webHooks(fromTag), source.webHooks(toTag), hookOwner, 'event', hook, toTag)),
  ].join('\n');
}
