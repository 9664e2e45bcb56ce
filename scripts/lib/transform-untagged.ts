/**
 * Families as OneDev writes them at the root of an answer: without their discriminator
 * (`rootDiscriminator: 'omitted'` on a JSON success, spec/model.ts). For a family or member named
 * by such a success the builder adds `<Name>Untagged`: the member's properties without `@type`
 * (nested values keep theirs), or the family's members so, in a `oneOf` without a discriminator
 * that generators turn into a union whose variant is found by its properties. The members of
 * such a family must be told apart by their properties alone, which is checked here.
 */
import type { SchemaObject } from 'openapi3-ts/oas31';
import type { Problems } from './problems.js';
import type { SelectedObject, SelectedSchema } from './select-release.js';
import { schemaRef, transformObject, type Context } from './transform-schema.js';

export const UNTAGGED_SUFFIX = 'Untagged';

export const untaggedName = (name: string): string => `${name}${UNTAGGED_SUFFIX}`;

/** A family or a member: the discriminator property its tagged form carries, else undefined. */
export function discriminatorOf(spec: SelectedSchema | undefined): '@type' | '@class' | undefined {
  if (spec?.kind === 'family') return spec.discriminator;
  if (spec?.kind === 'object' && spec.discriminator?.value !== undefined) return spec.discriminator.property;
  return undefined;
}

const listed = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/** The properties a member has that no other member of its family has (what tells it apart). */
function ownProperties(member: SelectedObject, others: readonly SelectedObject[]): string[] {
  return Object.entries(member.fields)
    .filter(([, f]) => f.presentWhen === undefined)
    .map(([name]) => name)
    .filter((name) => others.every((o) => !(name in o.fields)));
}

function untaggedMember(name: string, spec: SelectedObject, siblings: readonly SelectedObject[], ctx: Context): SchemaObject {
  const { property, value } = spec.discriminator!;
  const own = ownProperties(spec, siblings);
  const told = own.length === 0 ? '' : ` Among its family's kinds, it is the one with ${listed(own.slice(0, 2))}.`;
  const schema = transformObject(name, { ...spec, discriminator: undefined }, 'response', ctx);
  schema.description =
    `${spec.description} As the server answers it at the root of a read: without \`${property}\`, ` +
    `which a request must give as \`${value}\`.${told}`;
  return schema;
}

/**
 * `<Name>Untagged` for each name (a family or a member), and for each member of a family. A member
 * whose required properties another member of the family also has could not be told apart.
 */
export function untaggedSchemas(
  names: ReadonlySet<string>,
  specs: ReadonlyMap<string, SelectedSchema>,
  known: ReadonlySet<string>,
  problems: Problems,
): Record<string, SchemaObject> {
  const out: Record<string, SchemaObject> = {};
  for (const name of [...names].sort()) {
    const spec = specs.get(name);
    const ctx: Context = { where: `schema ${untaggedName(name)}`, known, problems };
    if (spec?.kind === 'object' && spec.discriminator?.value !== undefined) {
      out[untaggedName(name)] ??= untaggedMember(name, spec, [], ctx);
      continue;
    }
    if (spec?.kind !== 'family') {
      problems.add(`schema ${name}: only a family or a family member can be answered without its discriminator`);
      continue;
    }
    const members = spec.members.map((m) => [m, specs.get(m)] as const).filter((e): e is readonly [string, SelectedObject] => e[1]?.kind === 'object' && !!e[1].discriminator);
    for (const [member, memberSpec] of members) {
      const others = members.filter(([m]) => m !== member).map(([, s]) => s);
      for (const [other, otherSpec] of members) {
        if (other === member) continue;
        const required = Object.entries(otherSpec.fields).filter(([, f]) => f.presentWhen === undefined).map(([p]) => p);
        if (required.every((p) => p in memberSpec.fields)) {
          problems.add(`schema ${untaggedName(name)}: an answer of ${member} also fits ${other} (it has every property ${other} requires); without \`${spec.discriminator}\` they cannot be told apart`);
        }
      }
      out[untaggedName(member)] = untaggedMember(member, memberSpec, others, { ...ctx, where: `schema ${untaggedName(member)}` });
    }
    out[untaggedName(name)] = {
      // As the tagged family: `type` keeps null out of the union.
      type: 'object',
      description:
        `${spec.description} As the server answers it at the root of a read: without \`${spec.discriminator}\` ` +
        '(values inside keep theirs), so the kind is told by its properties; give the value its ' +
        `\`${spec.discriminator}\` before posting it back.`,
      oneOf: members.map(([m]) => ({ $ref: schemaRef(untaggedName(m)) })),
    };
  }
  return out;
}
