/**
 * What a verify run calls (scripts/lib/mock/verify.ts): every GET operation of the description,
 * with the query values and the listings its path ids come from. Kept apart from the Prism proxy
 * so the build can count the calls (docs/validating-a-live-server.md) without loading Prism.
 */
import type { OpenAPIObject, ParameterObject, ReferenceObject } from 'openapi3-ts/oas31';
import { EXT, readExtension } from '../../../src/extensions.js';

/**
 * Where each path parameter comes from: a field of the first record a listing returns.
 * Parameters not listed here (issue watches, works, links, votes, iterations, milestones,
 * SSH keys, base authorizations) have no read-only listing, so those reads are not called.
 */
/**
 * Where a path parameter's value comes from: a field of the first record a collection read
 * answers, found by its route (operationIds change between releases; routes rarely do). The key
 * is the parameter's component name.
 */
export const ID_SOURCES: Record<string, { route: string; field: string }> = {
  requestId: { route: '/pulls', field: 'id' },
  buildId: { route: '/builds', field: 'id' },
  groupId: { route: '/groups', field: 'id' },
  groupName: { route: '/groups', field: 'name' },
  labelSpecId: { route: '/label-specs', field: 'id' },
  roleId: { route: '/roles', field: 'id' },
  roleName: { route: '/roles', field: 'name' },
  packId: { route: '/packages', field: 'id' },
  commentId: { route: '/pulls/{requestId}/comments', field: 'id' },
  assignmentId: { route: '/pulls/{requestId}/assignments', field: 'id' },
  reviewId: { route: '/pulls/{requestId}/reviews', field: 'id' },
  pullRequestWatchId: { route: '/pulls/{requestId}/watches', field: 'id' },
  membershipId: { route: '/groups/{groupId}/memberships', field: 'id' },
  projectId: { route: '/projects', field: 'id' },
  userId: { route: '/users', field: 'id' },
  userName: { route: '/users', field: 'name' },
  issueId: { route: '/issues', field: 'id' },
  agentId: { route: '/agents', field: 'id' },
  agentTokenId: { route: '/agent-tokens', field: 'id' },
  ssoProviderId: { route: '/sso-providers', field: 'id' },
  ssoProviderName: { route: '/sso-providers', field: 'name' },
  workspaceId: { route: '/workspaces', field: 'id' },
};

/** Collection reads ask for one record: enough to find ids, light on the server. */
const PAGE = { offset: '0', count: '1' };

export interface PlannedCall {
  operationId: string;
  template: string;
  /** Set when the call cannot be made safely (a required query value verify cannot choose): why. */
  skip?: string;
  /** Path parameter name -> the key of ID_SOURCES naming its source (the parameter component). */
  pathParams: Array<{ name: string; source: string }>;
  query: Record<string, string>;
}

function componentName(ref: ParameterObject | ReferenceObject): string | undefined {
  return '$ref' in ref ? ref.$ref.split('/').pop() : undefined;
}

export function plan(doc: OpenAPIObject): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    const operation = item.get;
    if (!operation?.operationId) continue;
    const call: PlannedCall = { operationId: operation.operationId, template, pathParams: [], query: {} };
    // The proxy check reads answers as JSON; bare text labelled JSON and downloads are left out.
    const ok = operation.responses?.['200'] as Record<string, unknown> & { content?: Record<string, unknown> } | undefined;
    const types = Object.keys(ok?.content ?? {});
    if (readExtension(ok, EXT.rawText) === true || (types.length > 0 && !types.includes('application/json'))) {
      call.skip = 'answers bare text or bytes, which this check (JSON answers only) does not read';
    }
    for (const ref of operation.parameters ?? []) {
      const name = componentName(ref);
      const param = ('$ref' in ref ? doc.components?.parameters?.[name ?? ''] : ref) as ParameterObject | undefined;
      if (!param) continue;
      if (param.in === 'path') call.pathParams.push({ name: param.name, source: name ?? param.name });
      else if (param.in === 'query' && param.required) {
        const value = PAGE[param.name as keyof typeof PAGE];
        if (value === undefined) call.skip = `needs a value for the required query parameter ${param.name}, which verify does not choose`;
        else call.query[param.name] = value;
      }
    }
    calls.push(call);
  }
  return calls;
}

/**
 * The GET operations a run plans, each with why it is never called, when it is not (a skip, or a
 * path id no read-only listing gives): the docs' table of what a run calls is written from it.
 */
export function plannedCalls(doc: OpenAPIObject): Array<{ operationId: string; template: string; neverCalled?: string }> {
  return plan(doc).map(({ operationId, template, skip, pathParams }) => {
    const orphan = pathParams.find(({ source }) => !ID_SOURCES[source]);
    const neverCalled = skip ?? (orphan ? `needs ${orphan.name}, and no read-only listing gives one` : undefined);
    return { operationId, template, ...(neverCalled ? { neverCalled } : {}) };
  });
}

