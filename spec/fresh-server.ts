/**
 * What OneDev's setup leaves on a fresh server: the default roles and the accounts it makes. Read
 * from DefaultDataManager/DefaultDataService.checkData and RoleManager/RoleService.setupDefaults
 * at each published tag; a record made from a later release on says so (`since`). The mock starts
 * its records from these (scripts/lib/mock/builtin-records.ts), and the role examples are these
 * roles (freshRolesExample), so the two cannot drift apart.
 */
import { accessSchemas } from './schemas/access.js';
import type { ExampleChange, Field, FreshRecordSpec, Versioned } from './model.js';
import { compareTags, variantsOf, type OneDevTag } from './releases.js';

type Rec = Record<string, unknown>;

const ALL_FIELDS = { '@type': 'AllIssueFields' };
// Setup leaves readers unable to set the default issue setting's Assignees field.
const NOT_ASSIGNEES = { '@type': 'ExcludeIssueFields', excludeFields: ['Assignees'] };
/** A job privilege's field defaults (JobPrivilege): setup's entries name every job, some may run them. */
const JOB_PRIVILEGE: Rec = { jobNames: null, manageJob: false, runJob: false, accessLog: false, accessPipeline: false, accessibleReports: null };
const SEE_JOBS = [{ ...JOB_PRIVILEGE, jobNames: '*' }];
const RUN_JOBS = [{ ...JOB_PRIVILEGE, jobNames: '*', runJob: true }];

/** Role's field defaults, which setup's values go over (a release without a field leaves it out). */
export const ROLE_FIELD_DEFAULTS: Readonly<Rec> = {
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

/** The roles in the order setup makes them; their ids follow that order among those a release makes. */
export const FRESH_ROLES: readonly FreshRecordSpec[] = [
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

const USER_DEFAULTS: Readonly<Rec> = { disabled: false, serviceAccount: false, type: 'ORDINARY', notifyOwnEvents: false, aiSetting: null };
/** The administrator made at setup: the first account (id 1); its login name is the installer's choice. */
export const FRESH_ADMINISTRATOR: Readonly<Rec> & { id: number; name: string } = { ...USER_DEFAULTS, id: 1, name: 'admin', fullName: null };
/**
 * The administrator's email address, which setup asks for (the first address, id 1: the recorded
 * server's later addresses are numbered after it). The value is ours; setup's is the operator's.
 */
export const FRESH_ADMINISTRATOR_EMAIL: Readonly<Rec> = { id: 1, value: 'admin@example.com', primary: true, ownerId: FRESH_ADMINISTRATOR.id };
/** Made by the server itself, read by id or name, left out of listings (which show ids above 0 only). */
export const SYSTEM_ACCOUNTS: ReadonlyArray<Readonly<Rec>> = [
  { ...USER_DEFAULTS, id: -1, name: 'onedev', fullName: 'OneDev' },
  { ...USER_DEFAULTS, id: -2, name: 'unknown', fullName: 'unknown' },
];

/** The first release a field is in, when that is later than the oldest (every variant has a `since`). */
function addedIn(field: Versioned<Field>): OneDevTag | undefined {
  const sinces = variantsOf(field).map((variant) => variant.since);
  if (sinces.some((since) => since === undefined)) return undefined;
  return (sinces as OneDevTag[]).sort(compareTags)[0];
}

function roleFields(): Record<string, Versioned<Field>> {
  const [role, ...more] = variantsOf(accessSchemas.Role ?? []);
  if (!role || more.length > 0 || role.kind !== 'object') throw new Error('spec/fresh-server.ts: schema Role: expected one object schema');
  return role.fields;
}

/**
 * Fresh roles as a catalogue example's value and changes: the oldest release's shape, and a change
 * for every Role field added later, with the value setup gives each role. Ids are the order of
 * creation, so only roles made at every release, with none before them made from a later one on, can be named.
 */
export function freshRolesExample(names: readonly string[]): { value: Rec[]; changes: ExampleChange[] } {
  const roles = names.map((name) => {
    const index = FRESH_ROLES.findIndex((role) => role.values.name === name);
    if (index < 0) throw new Error(`spec/fresh-server.ts: no fresh role is named "${name}"`);
    if (FRESH_ROLES.slice(0, index + 1).some((role) => role.since !== undefined)) {
      throw new Error(`spec/fresh-server.ts: role "${name}": its id depends on the release (it, or a role before it, is made from a later release on)`);
    }
    return { id: index + 1, name, ...ROLE_FIELD_DEFAULTS, ...FRESH_ROLES[index]!.values } as Rec;
  });
  const later = Object.entries(roleFields())
    .map(([field, spec]) => [field, addedIn(spec)] as const)
    .filter((entry): entry is readonly [string, OneDevTag] => entry[1] !== undefined);
  for (const [field] of later) {
    if (!(field in ROLE_FIELD_DEFAULTS)) throw new Error(`spec/fresh-server.ts: Role field ${field} has no default in ROLE_FIELD_DEFAULTS`);
  }
  const sinces = [...new Set(later.map(([, since]) => since))].sort(compareTags);
  const changes = sinces.map((since): ExampleChange => {
    const fields = later.filter(([, s]) => s === since).map(([field]) => field);
    return { since, setEach: roles.map((role) => Object.fromEntries(fields.map((field) => [field, role[field]]))) };
  });
  const value = roles.map((role) => Object.fromEntries(Object.entries(role).filter(([field]) => !later.some(([f]) => f === field))));
  return { value, changes };
}

/** One fresh role as a catalogue example's value and changes (see freshRolesExample). */
export function freshRoleExample(name: string): { value: Rec; changes: ExampleChange[] } {
  const { value, changes } = freshRolesExample([name]);
  return { value: value[0]!, changes: changes.map(({ since, setEach }) => ({ since, set: setEach![0]! })) };
}
