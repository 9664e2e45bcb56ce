/**
 * Compile-only: calls with correct parameters type-check, and each wrong one is an error
 * (`@ts-expect-error` fails the build when the line below it is *not* an error).
 */
import { createOneDevClient } from '../../src/index.js';

const client = createOneDevClient({ baseUrl: 'https://onedev.example.com', auth: { accessToken: 't' } });

export async function correctCalls(signal: AbortSignal): Promise<void> {
  await client.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } }, signal });
  await client.GET('/pulls', { params: { query: { query: '"Status" is "Open"', offset: 0, count: 100 } } });
  await client.GET('/groups', { params: { query: { name: 'dev*', offset: 0, count: 10 } } });
  await client.GET('/settings/system');
  await client.POST('/pulls/{requestId}/title', { params: { path: { requestId: 42 } }, body: 'A new title' });
  await client.POST('/pulls/{requestId}/merge', { params: { path: { requestId: 42 } } });
  await client.POST('/pulls/{requestId}/merge-strategy', { params: { path: { requestId: 42 } }, body: 'SQUASH_SOURCE_BRANCH_COMMITS' });
  await client.POST('/pulls', {
    body: { targetProjectId: 1, sourceProjectId: 1, targetBranch: 'main', sourceBranch: 'feature/retry', title: 'Retry' },
  });
  await client.DELETE('/ssh-keys/{sshKeyId}', { params: { path: { sshKeyId: 3 } } });
}

export async function callLimits(): Promise<void> {
  const careful = createOneDevClient({ baseUrl: 'https://onedev.example.com', timeoutMs: 10_000, retry: { retries: 3, maxDelayMs: 2_000 } });
  await careful.GET('/settings/system', { timeoutMs: 0, retry: false });
  await careful.GET('/pulls/{requestId}', { params: { path: { requestId: 42 } }, retry: 2 });
  await careful.POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 42 } }, timeoutMs: 60_000 });
  for await (const pull of careful.paginate('/pulls', { limit: 500, pageSize: 50, timeoutMs: 5_000, retry: 1 })) void pull.id;
  await careful.resolveBuildId('PROJ-1', { timeoutMs: 1_000, retry: 2 });
  // @ts-expect-error writes are never retried
  await careful.POST('/pulls/{requestId}/reopen', { params: { path: { requestId: 42 } }, retry: 2 });
  // @ts-expect-error DELETE neither
  await careful.DELETE('/ssh-keys/{sshKeyId}', { params: { path: { sshKeyId: 3 } }, retry: 2 });
  // @ts-expect-error timeoutMs is a number of milliseconds
  await careful.GET('/settings/system', { timeoutMs: '10s' });
  // @ts-expect-error retry takes a count, options or false, not true
  createOneDevClient({ baseUrl: 'https://onedev.example.com', retry: true });
}

export async function wrongCalls(): Promise<void> {
  // @ts-expect-error an unknown path
  await client.GET('/pull-requests/{requestId}', { params: { path: { requestId: 42 } } });
  // @ts-expect-error GET has no such route: titles are only posted
  await client.GET('/pulls/{requestId}/title', { params: { path: { requestId: 42 } } });
  // @ts-expect-error the path id is missing
  await client.GET('/pulls/{requestId}');
  // @ts-expect-error the path id is a number, not a string
  await client.GET('/pulls/{requestId}', { params: { path: { requestId: '42' } } });
  // @ts-expect-error offset and count are required on collection reads
  await client.GET('/pulls', { params: { query: { query: '"Status" is "Open"' } } });
  // @ts-expect-error groups filter by name, they take no query string
  await client.GET('/groups', { params: { query: { query: 'x', offset: 0, count: 10 } } });
  // @ts-expect-error a raw-text body is a string, not an object
  await client.POST('/pulls/{requestId}/title', { params: { path: { requestId: 42 } }, body: { title: 'x' } });
  // @ts-expect-error Set Title needs a body
  await client.POST('/pulls/{requestId}/title', { params: { path: { requestId: 42 } } });
  // @ts-expect-error not a merge strategy
  await client.POST('/pulls/{requestId}/merge-strategy', { params: { path: { requestId: 42 } }, body: 'OCTOPUS' });
  // @ts-expect-error the new pull request misses its branches and title
  await client.POST('/pulls', { body: { targetProjectId: 1, sourceProjectId: 1 } });
  // @ts-expect-error pull requests are not deleted through the title route
  await client.DELETE('/pulls/{requestId}/title', { params: { path: { requestId: 42 } } });
  // @ts-expect-error ssh keys cannot be updated (no POST on the id route)
  await client.POST('/ssh-keys/{sshKeyId}', { params: { path: { sshKeyId: 3 } }, body: {} });
}

export function wrongOptions(): void {
  // @ts-expect-error auth is one of three shapes; a password alone is not one
  createOneDevClient({ baseUrl: 'https://onedev.example.com', auth: { password: 'p' } });
  // @ts-expect-error a password and a token together are not one of the shapes either
  createOneDevClient({ baseUrl: 'https://onedev.example.com', auth: { user: 'u', password: 'p', accessToken: 't' } });
  // @ts-expect-error baseUrl is required
  createOneDevClient({ auth: { accessToken: 't' } });
}

export async function wrongHelpers(): Promise<void> {
  // @ts-expect-error paginate takes collection reads only
  client.paginate('/pulls/{requestId}');
  // @ts-expect-error paginate walks offset and count itself
  client.paginate('/pulls', { params: { query: { offset: 5 } } });
  // @ts-expect-error references are strings
  await client.resolvePullRequestId(123);
}
