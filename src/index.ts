/** onedev-openapi: the typed OneDev client and the types generated from the description. */
export { createOneDevClient, MAX_PAGE_SIZE } from './client.js';
export type { FetchLike, OneDevClient, OneDevClientOptions, ResolveOptions } from './client.js';
export type { OneDevAuth } from './auth.js';
export { OneDevError, OneDevReferenceError } from './errors.js';
export type { OneDevErrorDetails, ReferenceProblem } from './errors.js';
export { operationTable } from './operations.js';
export type { OperationId, OperationInfo } from './operations.js';
export type {
  CallOptions,
  CollectionPath,
  HttpMethod,
  ItemOf,
  OneDevMethod,
  OneDevResult,
  OperationAt,
  PageOptions,
  PathsWith,
  SuccessData,
} from './types.js';
export type { components, operations, paths } from '../generated/openapi.js';
