/**
 * The mock's records of what a fresh OneDev server holds before anyone uses it, for its records
 * to start from. The facts are the catalogue's (spec/fresh-server.ts): the default roles in the
 * order setup makes them (their ids follow it), the administrator (id 1, listed among the users),
 * the system accounts (read by id or name, never listed) and the administrator's email address. Here: those facts as the release's
 * records (the kind's example with the facts over it; a property the release's schema lacks is
 * left out), and the first value of the settings a fresh server has none of: cleared ones
 * (authenticator, mail, backup, service desk) and empty lists (job executors, scripts, ...).
 */
import { FRESH_ADMINISTRATOR, FRESH_ADMINISTRATOR_EMAIL, FRESH_ROLES, ROLE_FIELD_DEFAULTS, SYSTEM_ACCOUNTS } from '../../../spec/fresh-server.js';
import { releaseAtLeast } from './conversions.js';
import type { Rec, RecordKind } from './records.js';

/** The records of a kind a fresh server has: listed ones, and ones only read by id or name. */
export interface Builtins {
  listed: Rec[];
  hidden: Rec[];
}

const NONE: Builtins = { listed: [], hidden: [] };

/**
 * The fresh server's records of `kind` at `release` (the newest release when undefined), each
 * kept only if `valid` says it fits the kind's schema.
 */
export function builtinRecords(
  kind: RecordKind,
  release: string | undefined,
  valid: (record: Rec) => boolean,
  /** The properties of a list property's elements, in this release (for a list of objects). */
  elementProperties: (property: string) => readonly string[] | undefined,
): Builtins {
  const template = kind.seeds[0];
  if (!template) return NONE;
  const shaped = (values: Readonly<Rec>): Rec | undefined => {
    const record: Rec = {};
    for (const property of kind.properties.keys()) {
      record[property] = property in values ? shapedValue(values[property], elementProperties(property)) : template[property];
    }
    return valid(record) ? record : undefined;
  };
  if (kind.collectionPath === '/email-addresses' && kind.properties.has('ownerId')) {
    return { listed: [shaped(FRESH_ADMINISTRATOR_EMAIL)].filter((r): r is Rec => r !== undefined), hidden: [] };
  }
  if (!kind.properties.has('name')) return NONE;
  if (kind.collectionPath === '/roles' && kind.properties.has('codePrivilege')) {
    const alive = FRESH_ROLES.filter((role) => role.since === undefined || releaseAtLeast(release, role.since));
    const listed = alive.flatMap((role, i): Rec[] => [shaped({ ...ROLE_FIELD_DEFAULTS, id: i + 1, ...role.values })].filter((r): r is Rec => r !== undefined));
    return { listed, hidden: [] };
  }
  if (kind.collectionPath === '/users' && kind.properties.has('fullName')) {
    // Before ids were listed (v14.1.0) users are found by name only: the system accounts add nothing then.
    const listed = [shaped(FRESH_ADMINISTRATOR)].filter((r): r is Rec => r !== undefined);
    const hidden = kind.properties.has('id') ? SYSTEM_ACCOUNTS.map(shaped).filter((r): r is Rec => r !== undefined) : [];
    return { listed, hidden };
  }
  return NONE;
}

/** A list of objects with just the fields its elements have in this release. */
function shapedValue(value: unknown, fields: readonly string[] | undefined): unknown {
  if (!Array.isArray(value) || !fields) return value;
  return value.map((item) => (item && typeof item === 'object' ? Object.fromEntries(fields.map((f) => [f, (item as Rec)[f] ?? null])) : item));
}

/**
 * The first value of a setting on a fresh server, where it has none: null for a setting that can
 * be cleared (its write takes `null`), an empty list or map for one that holds a collection.
 * Undefined: the server starts from a value of its own (the documented example stands in for it).
 */
export function freshSetting(readSchema: unknown, clearable: boolean): { value: unknown } | undefined {
  if (clearable) return { value: null };
  const schema = readSchema as { type?: unknown; properties?: unknown; additionalProperties?: unknown } | undefined;
  if (schema?.type === 'array') return { value: [] };
  if (schema?.type === 'object' && schema.properties === undefined && schema.additionalProperties !== undefined && schema.additionalProperties !== false) return { value: {} };
  return undefined;
}
