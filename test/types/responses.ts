/** Compile-only: answers come back with the document's types. */
import { createOneDevClient, type components } from '../../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

const client = createOneDevClient({ baseUrl: 'https://onedev.example.com' });

export async function pullRequestFields(): Promise<void> {
  const { data: pull, response } = await client.GET('/pulls/{requestId}', { params: { path: { requestId: 1 } } });
  assertType<Equal<typeof pull.status, 'OPEN' | 'MERGED' | 'DISCARDED'>>();
  assertType<Equal<typeof response, Response>>();
  const id: number = pull.id;
  const title: string = pull.title;
  // @ts-expect-error a status is one of the three constants
  const wrong: typeof pull.status = 'CLOSED';
  // @ts-expect-error no such field
  void pull.state;
  void [id, title, wrong];
}

export async function emptyAnswers(): Promise<void> {
  const { data: none } = await client.POST('/pulls/{requestId}/title', { params: { path: { requestId: 1 } }, body: 't' });
  assertType<Equal<typeof none, undefined>>();
  // 200 with a preview or 204 when none is ready
  const { data: preview } = await client.GET('/pulls/{requestId}/merge-preview', { params: { path: { requestId: 1 } } });
  assertType<Equal<typeof preview, components['schemas']['MergePreview'] | undefined>>();
  // Create answers the new id as a bare number
  const { data: newId } = await client.POST('/ssh-keys', { body: { content: 'ssh-ed25519 AAAAC3Nza robin@laptop', ownerId: 1 } });
  assertType<Equal<typeof newId, number>>();
}

export async function executorsNarrowOnType(): Promise<void> {
  const { data: executors } = await client.GET('/settings/job-executors');
  for (const executor of executors) {
    switch (executor['@type']) {
      case 'ServerDockerExecutor':
        assertType<Equal<typeof executor, components['schemas']['ServerDockerExecutor']>>();
        break;
      case 'KubernetesExecutor':
        assertType<Equal<typeof executor, components['schemas']['KubernetesExecutor']>>();
        break;
      case 'RemoteShellExecutor':
      case 'ServerShellExecutor':
      case 'RemoteDockerExecutor':
        break;
      default: {
        // every member is handled above, so nothing is left
        const rest: never = executor;
        void rest;
      }
    }
  }
}

export async function pagedItems(): Promise<void> {
  for await (const build of client.paginate('/builds', { params: { query: { query: '"Job" is "ci"' } }, pageSize: 50 })) {
    assertType<Equal<typeof build, components['schemas']['Build']>>();
  }
  for await (const role of client.paginate('/roles', { params: { query: { name: 'dev*' } } })) {
    const name: string = role.name;
    void name;
  }
  const id: number = await client.resolveBuildId('PROJ-12');
  void id;
}
