/**
 * Compile-only: every operation in the generated table is callable through the client's types,
 * with the method and path the table names, and reaches the operation of that id in `operations`.
 */
import type { CollectionPath, OneDevClient, operations, operationTable, paths } from '../../src/index.js';
import type { webhooks } from '../../generated/openapi.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Table = typeof operationTable;
type Id = keyof Table;

type ClientMethod<M> = M extends 'GET' ? OneDevClient['GET'] : M extends 'POST' ? OneDevClient['POST'] : M extends 'DELETE' ? OneDevClient['DELETE'] : never;

/** true when the client's method takes the table's path and that path's operation is operations[K]. */
type Reachable<K extends Id> = Table[K]['path'] extends Parameters<ClientMethod<Table[K]['method']>>[0]
  ? Table[K]['path'] extends keyof paths
    ? Equal<paths[Table[K]['path']][Lowercase<Table[K]['method']> & keyof paths[Table[K]['path']]], operations[K & keyof operations]>
    : false
  : false;

type Unreachable = { [K in Id]: Reachable<K> extends true ? never : K }[Id];

// Fails to compile when any operation is unreachable (the type `Unreachable` then lists their ids).
export const unreachable: [Unreachable] extends [never] ? 'none' : Unreachable = 'none';
// The table and the generated types know the same operationIds, but for the web hooks the server
// sends (operations too, under `webhooks`, which the client does not call).
type WebhookId = {
  [K in keyof operations]: true extends { [W in keyof webhooks]: Equal<webhooks[W] extends { post: infer O } ? O : never, operations[K]> }[keyof webhooks] ? K : never;
}[keyof operations];
export const sameIds: Equal<Id, Exclude<keyof operations, WebhookId>> = true;

// The collection reads are exactly the table's paged operations.
type PagedPaths = { [K in Id]: Table[K]['paged'] extends true ? Table[K]['path'] : never }[Id];
export const collectionsArePaged: Equal<CollectionPath, PagedPaths> = true;
