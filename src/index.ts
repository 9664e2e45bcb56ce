/** onedev-openapi: the typed OneDev client and the types generated from the description. */
export { createOneDevClient, DEFAULT_TIMEOUT_MS, MAX_PAGE_SIZE } from './client.js';
export type { FetchLike, OneDevClient, OneDevClientOptions, ResolveOptions } from './client.js';
export type { OneDevAuth } from './auth.js';
export {
  MAX_MESSAGE_LENGTH,
  OneDevError,
  OneDevNetworkError,
  OneDevPagingError,
  OneDevReferenceError,
  OneDevTimeoutError,
} from './errors.js';
export type { OneDevErrorDetails, OperationRef, ReferenceProblem } from './errors.js';
export { MAX_RETRIES } from './retry.js';
export type { RetryOption, RetryOptions } from './retry.js';
export {
  DEFAULT_RELEASE,
  isPublishedRelease,
  ONEDEV_TAGS,
  operationTable,
  PUBLISHED_RELEASES,
  releaseOperationTable,
} from './operations.js';
export type { DefaultRelease, OneDevTag, OperationId, PublishedRelease, ReleasePaths } from './operations.js';
export { operationTableOf } from './operation-table.js';
export type { OperationInfo, OperationMethod, OperationTable } from './operation-table.js';
export { releaseOfVersion } from './server-release.js';
export type { ServerRelease } from './server-release.js';
export type {
  CallOptions,
  CallPolicy,
  CollectionPath,
  HttpMethod,
  ItemOf,
  OneDevMethod,
  OneDevResult,
  OperationAt,
  PageOptions,
  PathsWith,
  ReadPolicy,
  SuccessData,
} from './types.js';
export type { components, operations, paths } from '../generated/openapi.js';
