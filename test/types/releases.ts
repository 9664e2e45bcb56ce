/**
 * Compile-only: a client is typed for the release it is created for. `release` picks a published
 * release's `paths`; `operations` with a `paths` type argument types a client for any other tag
 * (here v14.1.9's own files stand in for what `describe` writes for a tag).
 */
import {
  createOneDevClient,
  operationTableOf,
  releaseOperationTable,
  type CollectionPath,
  type ItemOf,
  type OneDevClient,
  type ReleasePaths,
} from '../../src/index.js';
import type { components as V14Components, paths as V14Paths } from '../../generated/releases/v14.1.9/openapi.js';
import type { paths as DefaultPaths } from '../../generated/openapi.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const baseUrl = 'https://onedev.example.com';
const v14 = createOneDevClient({ baseUrl, release: 'v14.1.9' });
const v11 = createOneDevClient({ baseUrl, release: 'v11.11.4' });
const newest = createOneDevClient({ baseUrl });

// The release picks the paths type; no release is the default release.
export const v14Typed: Equal<typeof v14, OneDevClient<V14Paths>> = true;
export const defaultTyped: Equal<typeof newest, OneDevClient<DefaultPaths>> = true;
export const defaultIsNewest: Equal<typeof newest, OneDevClient> = true;
export const mapTyped: Equal<ReleasePaths['v14.1.9'], V14Paths> = true;

export async function v14Calls(): Promise<void> {
  // Get Pull Request Review: v14.1.9 has it; v16.5.6 no longer does.
  const { data: review } = await v14.GET('/pull-request-reviews/{reviewId}', { params: { path: { reviewId: 7 } } });
  const typed: V14Components['schemas']['PullRequestReview'] = review;
  // @ts-expect-error v16.5.6 has no such route, so its client does not take it
  await newest.GET('/pull-request-reviews/{reviewId}', { params: { path: { reviewId: 7 } } });
  // Approve: v16.5.6 has it (a raw-text note); v14.1.9 does not.
  await newest.POST('/pulls/{requestId}/approve', { params: { path: { requestId: 42 } }, body: 'LGTM' });
  // @ts-expect-error not in v14.1.9
  await v14.POST('/pulls/{requestId}/approve', { params: { path: { requestId: 42 } }, body: 'LGTM' });
  // Set Build Description: from v12.0.0, so a v11.11.4 client has no such route.
  await v14.POST('/builds/{buildId}/description', { params: { path: { buildId: 1 } }, body: 'Nightly' });
  // @ts-expect-error not in v11.11.4
  await v11.POST('/builds/{buildId}/description', { params: { path: { buildId: 1 } }, body: 'Nightly' });
  // What every release has is checked against that release's parameters and bodies too.
  // @ts-expect-error a raw-text body is a string in v14.1.9 as well
  await v14.POST('/pulls/{requestId}/title', { params: { path: { requestId: 42 } }, body: { title: 'x' } });
  void typed;
}

export async function v14Paging(): Promise<void> {
  for await (const pull of v14.paginate('/pulls', { limit: 10 })) {
    const item: ItemOf<'/pulls', V14Paths> = pull;
    void item;
  }
  const paged: Equal<CollectionPath<V14Paths> extends keyof V14Paths ? true : false, true> = true;
  void paged;
}

export function wrongReleases(): void {
  // @ts-expect-error not a published release: another tag is typed through `operations`
  createOneDevClient({ baseUrl, release: 'v16.3.2' });
  // @ts-expect-error release and operations exclude each other
  createOneDevClient({ baseUrl, release: 'v14.1.9', operations: releaseOperationTable('v14.1.9') });
}

/** Another tag's files, as `describe` writes them: its paths type and its description. */
export function fromDescription(description: unknown): OneDevClient<V14Paths> {
  const client = createOneDevClient<V14Paths>({ baseUrl, operations: operationTableOf(description) });
  void client.GET('/pull-request-reviews/{reviewId}', { params: { path: { reviewId: 7 } } });
  // @ts-expect-error typed by the paths given, which lack Approve
  void client.POST('/pulls/{requestId}/approve', { params: { path: { requestId: 42 } } });
  // @ts-expect-error operations must be an operation table
  createOneDevClient<V14Paths>({ baseUrl, operations: [description] });
  return client;
}
