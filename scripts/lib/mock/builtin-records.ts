/**
 * What a fresh OneDev server holds before anyone uses it, for the mock's records to start from:
 * - the administrator account the setup makes (id 1; its login name is the installer's choice,
 *   `admin` here), listed among the users; the system account (`onedev`, id -1) and the stand-in
 *   for unknown authors (`unknown`, id -2), which are read by id or name but never listed;
 * - the default roles, in the order setup creates them (their ids follow it);
 * - settings a fresh server has none of: cleared ones (authenticator, mail, backup, service desk)
 *   and empty lists (job executors, scripts, ...).
 * Facts read from DefaultDataManager/DefaultDataService.checkData and RoleManager/RoleService
 * .setupDefaults at each published tag; one that changed says since when (`since`). A record is
 * the kind's example with these values over it; a property the release's schema lacks is left out.
 */
import { releaseAtLeast } from './checks.js';
import type { Rec, RecordKind } from './records.js';

interface Fact {
  since?: string;
  values: Rec;
}

const ALL_FIELDS = { '@type': 'AllIssueFields' };
// Setup leaves readers unable to set the default issue setting's Assignees field.
const NOT_ASSIGNEES = { '@type': 'ExcludeIssueFields', excludeFields: ['Assignees'] };
/** A job privilege's field defaults (JobPrivilege): setup's entries name every job, some may run them. */
const JOB_PRIVILEGE: Rec = { jobNames: null, manageJob: false, runJob: false, accessLog: false, accessPipeline: false, accessibleReports: null };
const SEE_JOBS = [{ ...JOB_PRIVILEGE, jobNames: '*' }];
const RUN_JOBS = [{ ...JOB_PRIVILEGE, jobNames: '*', runJob: true }];

/** A role as setup creates it: Role's field defaults, then what setup sets. */
const ROLE_DEFAULTS: Rec = {
  description: null,
  manageProject: false,
  createChildren: false,
  managePullRequests: false,
  manageCodeComments: false,
  codePrivilege: 'NONE',
  packPrivilege: 'NONE',
  manageIssues: false,
  accessConfidentialIssues: false,
  accessTimeTracking: true,
  scheduleIssues: false,
  editableIssueFields: ALL_FIELDS,
  canEditFieldsOfOtherIssues: false,
  manageBuilds: false,
  uploadCache: false,
  jobPrivileges: [],
  manageWorkspaces: false,
  createWorkspaces: false,
};

const ROLES: readonly Fact[] = [
  // Made first, with its fixed id (Role.OWNER_ID), before setup's default roles.
  { values: { name: 'Project Owner', manageProject: true } },
  {
    values: {
      name: 'Code Writer',
      codePrivilege: 'WRITE',
      packPrivilege: 'WRITE',
      scheduleIssues: true,
      accessConfidentialIssues: true,
      editableIssueFields: ALL_FIELDS,
      canEditFieldsOfOtherIssues: true,
      jobPrivileges: RUN_JOBS,
    },
  },
  { values: { name: 'Code Reader', codePrivilege: 'READ', packPrivilege: 'READ', accessTimeTracking: false, editableIssueFields: NOT_ASSIGNEES, jobPrivileges: SEE_JOBS } },
  {
    since: 'v16.0.0',
    values: { name: 'Workspace Creator', createWorkspaces: true, codePrivilege: 'READ', packPrivilege: 'READ', accessTimeTracking: false, editableIssueFields: NOT_ASSIGNEES, jobPrivileges: SEE_JOBS },
  },
  {
    values: {
      name: 'Package Writer',
      codePrivilege: 'READ',
      packPrivilege: 'WRITE',
      scheduleIssues: true,
      accessConfidentialIssues: true,
      editableIssueFields: ALL_FIELDS,
      jobPrivileges: RUN_JOBS,
    },
  },
  { values: { name: 'Package Reader', packPrivilege: 'READ', accessTimeTracking: false, editableIssueFields: NOT_ASSIGNEES, jobPrivileges: SEE_JOBS } },
  { values: { name: 'Issue Manager', manageIssues: true, codePrivilege: 'READ', packPrivilege: 'READ', jobPrivileges: SEE_JOBS } },
  { values: { name: 'Issue Reporter', codePrivilege: 'NONE', accessTimeTracking: false, editableIssueFields: NOT_ASSIGNEES, jobPrivileges: SEE_JOBS } },
];

const USER_DEFAULTS: Rec = { disabled: false, serviceAccount: false, type: 'ORDINARY', notifyOwnEvents: false, aiSetting: null };
/** The administrator made at setup: the first account (id 1). */
export const ADMINISTRATOR: Rec & { id: number; name: string } = { ...USER_DEFAULTS, id: 1, name: 'admin', fullName: null };
/** Made by the server itself, read by id or name, left out of listings (which show ids above 0 only). */
const SYSTEM_ACCOUNTS: readonly Rec[] = [
  { ...USER_DEFAULTS, id: -1, name: 'onedev', fullName: 'OneDev' },
  { ...USER_DEFAULTS, id: -2, name: 'unknown', fullName: 'unknown' },
];

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
  if (!template || !kind.properties.has('name')) return NONE;
  const shaped = (values: Rec): Rec | undefined => {
    const record: Rec = {};
    for (const property of kind.properties.keys()) {
      record[property] = property in values ? shapedValue(values[property], elementProperties(property)) : template[property];
    }
    return valid(record) ? record : undefined;
  };
  if (kind.collectionPath === '/roles' && kind.properties.has('codePrivilege')) {
    const alive = ROLES.filter((role) => role.since === undefined || releaseAtLeast(release, role.since));
    const listed = alive.flatMap((role, i): Rec[] => [shaped({ ...ROLE_DEFAULTS, id: i + 1, ...role.values })].filter((r): r is Rec => r !== undefined));
    return { listed, hidden: [] };
  }
  if (kind.collectionPath === '/users' && kind.properties.has('fullName')) {
    // Before ids were listed (v14.1.0) users are found by name only: the system accounts add nothing then.
    const listed = [shaped(ADMINISTRATOR)].filter((r): r is Rec => r !== undefined);
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
