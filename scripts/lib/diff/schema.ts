/** Compares two schemas in one direction and reports what changed for a client. */
import { normalise, type NormalSchema, type Resolver } from './resolve.js';
import type { Change, ChangeKind, Direction } from './types.js';

export interface SchemaContext {
  oldDoc: Resolver;
  newDoc: Resolver;
  direction: Direction;
  changes: Change[];
  /** Pairs of component references already being compared: recursive schemas end here. */
  visiting: Set<string>;
}

const describeType = (s: NormalSchema) =>
  `${s.types?.join('|') ?? 'any'}${s.format ? ` (${s.format})` : ''}`;

export function compareSchemas(oldSchema: unknown, newSchema: unknown, where: string, ctx: SchemaContext): void {
  const a = normalise(oldSchema, ctx.oldDoc);
  const b = normalise(newSchema, ctx.newDoc);
  const report = (kind: ChangeKind, breaking: boolean, message: string, at = where) =>
    ctx.changes.push({ kind, breaking, where: at, message });
  const request = ctx.direction === 'request';

  const pair = `${ctx.direction}:${a.ref ?? '?'}=>${b.ref ?? '?'}`;
  if (a.ref && b.ref) {
    if (ctx.visiting.has(pair)) return;
    ctx.visiting.add(pair);
  }
  try {
    // Nullability: a client sending null must still be allowed to; a client reading must not get a new null.
    if (a.nullable && !b.nullable) {
      report('nullability-narrowed', request, request ? 'no longer accepts null' : 'is no longer null');
    } else if (!a.nullable && b.nullable) {
      report('nullability-widened', !request, request ? 'now accepts null' : 'may now be null');
    }

    const typesDiffer = a.types !== undefined && b.types !== undefined && a.types.join() !== b.types.join();
    if (typesDiffer || (a.types && !b.types) || (!a.types && b.types) || a.format !== b.format) {
      report('type-changed', true, `type changed from ${describeType(a)} to ${describeType(b)}`);
      return; // below this point the two shapes are not comparable
    }

    if (a.enum || b.enum) {
      const before = new Set(a.enum ?? []);
      const after = new Set(b.enum ?? []);
      if (a.enum && b.enum) {
        for (const v of before) {
          if (!after.has(v)) report('enum-value-removed', true, `enum value ${v} removed`);
        }
        for (const v of after) {
          if (!before.has(v)) {
            report('enum-value-added', false, `enum value ${v} added${request ? '' : ' (readers must accept it)'}`);
          }
        }
      } else if (b.enum) {
        report('enum-value-removed', true, `now limited to ${b.enum.join(', ')}`);
      }
    }

    compareObjects(a, b, where, ctx);
    if (a.items !== undefined && b.items !== undefined) compareSchemas(a.items, b.items, `${where}[]`, ctx);
    if (a.additionalProperties !== undefined && b.additionalProperties !== undefined) {
      compareSchemas(a.additionalProperties, b.additionalProperties, `${where}{}`, ctx);
    }
    compareVariants(a, b, where, ctx);
  } finally {
    ctx.visiting.delete(pair);
  }
}

function compareObjects(a: NormalSchema, b: NormalSchema, where: string, ctx: SchemaContext): void {
  const report = (kind: ChangeKind, breaking: boolean, at: string, message: string) =>
    ctx.changes.push({ kind, breaking, where: at, message });
  const request = ctx.direction === 'request';
  const before = a.properties ?? {};
  const after = b.properties ?? {};
  const requiredBefore = new Set(a.required);
  const requiredAfter = new Set(b.required);
  for (const name of Object.keys(before)) {
    const at = `${where} › ${name}`;
    if (!(name in after)) {
      // A request property that disappears breaks senders only if unknown properties are now refused.
      const breaking = request ? b.closed : true;
      report('property-removed', breaking, at, request ? 'request property removed' : 'response property removed');
      continue;
    }
    compareSchemas(before[name], after[name], at, ctx);
  }
  for (const name of Object.keys(after)) {
    if (!(name in before)) report('property-added', false, `${where} › ${name}`, `${request ? 'request' : 'response'} property added`);
  }
  if (request) {
    for (const name of requiredAfter) {
      if (!requiredBefore.has(name)) report('property-newly-required', true, `${where} › ${name}`, 'is now required');
    }
  } else {
    for (const name of requiredBefore) {
      if (!requiredAfter.has(name) && name in after) {
        report('property-no-longer-required', true, `${where} › ${name}`, 'may now be absent from responses');
      }
    }
  }
}

/** oneOf/anyOf members, matched by the component they reference. */
function compareVariants(a: NormalSchema, b: NormalSchema, where: string, ctx: SchemaContext): void {
  if (!a.variants || !b.variants) return;
  const key = (v: unknown, i: number) =>
    typeof (v as { $ref?: unknown }).$ref === 'string' ? String((v as { $ref: string }).$ref).split('/').pop()! : `#${i}`;
  const before = new Map(a.variants.map((v, i) => [key(v, i), v]));
  const after = new Map(b.variants.map((v, i) => [key(v, i), v]));
  const request = ctx.direction === 'request';
  for (const [name, schema] of before) {
    const other = after.get(name);
    if (other === undefined) {
      ctx.changes.push({ kind: 'variant-removed', breaking: true, where, message: `variant ${name} removed` });
    } else {
      compareSchemas(schema, other, `${where} (${name})`, ctx);
    }
  }
  for (const name of after.keys()) {
    if (!before.has(name)) {
      ctx.changes.push({
        kind: 'variant-added',
        breaking: false,
        where,
        message: `variant ${name} added${request ? '' : ' (readers must accept it)'}`,
      });
    }
  }
}
