/**
 * Each published release's operation table (generated/operations.ts) and the lookup the client
 * makes on every call: method and path template to the operation's facts.
 */
import {
  DEFAULT_RELEASE,
  ONEDEV_TAGS,
  operationTable,
  PUBLISHED_RELEASES,
  releaseTableChanges,
  type OperationId,
  type ReleasePaths,
} from '../generated/operations.js';
import type { OperationInfo, OperationTable } from './operation-table.js';

export { DEFAULT_RELEASE, ONEDEV_TAGS, operationTable, PUBLISHED_RELEASES, type OperationId, type ReleasePaths };

/** A release the package ships a description, types and an operation table for. */
export type PublishedRelease = (typeof PUBLISHED_RELEASES)[number];
/** The release a client follows unless told otherwise (the newest published one). */
export type DefaultRelease = typeof DEFAULT_RELEASE;
/** A OneDev tag the catalogue describes. */
export type OneDevTag = (typeof ONEDEV_TAGS)[number];

export interface OperationEntry extends OperationInfo {
  operationId: string;
}

const published: ReadonlySet<string> = new Set(PUBLISHED_RELEASES);

export function isPublishedRelease(value: unknown): value is PublishedRelease {
  return typeof value === 'string' && published.has(value);
}

function unknownRelease(release: unknown): TypeError {
  const shown = typeof release === 'string' ? JSON.stringify(release) : typeof release;
  return new TypeError(
    `release ${shown} is not a published release (${PUBLISHED_RELEASES.join(', ')}); for another OneDev tag, ` +
      'pass the operations of its description instead: operations: operationTableOf(description)',
  );
}

const tables = new Map<PublishedRelease, OperationTable>();

/** The operations of a published release, by operationId. */
export function releaseOperationTable(release: PublishedRelease): OperationTable {
  if (!isPublishedRelease(release)) throw unknownRelease(release);
  let table = tables.get(release);
  if (!table) {
    if (release === DEFAULT_RELEASE) table = operationTable;
    else {
      const change = releaseTableChanges[release];
      const dropped = new Set(change.without);
      const kept = Object.entries(operationTable).filter(([operationId]) => !dropped.has(operationId));
      table = Object.freeze({ ...Object.fromEntries(kept), ...change.with });
    }
    tables.set(release, table);
  }
  return table;
}

/** Finds operations by method and path template in one table. */
export class OperationIndex {
  private readonly byRoute: Map<string, OperationEntry>;

  /** `source` names the table in errors, e.g. `OneDev v14.1.9`. */
  constructor(
    table: OperationTable,
    private readonly source: string,
  ) {
    this.byRoute = new Map(Object.entries(table).map(([operationId, info]) => [`${info.method} ${info.path}`, { operationId, ...info }]));
  }

  /** The operation at `method path`; a clear error for a route the table does not have. */
  at(method: string, path: string): OperationEntry {
    const entry = this.byRoute.get(`${method.toUpperCase()} ${path}`);
    if (!entry) throw new TypeError(`${this.source} has no operation ${method.toUpperCase()} ${path} (paths are templates such as /pulls/{requestId})`);
    return entry;
  }
}

const indexes = new Map<PublishedRelease, OperationIndex>();

/** The lookup for a published release, built once. */
export function releaseIndex(release: PublishedRelease): OperationIndex {
  let index = indexes.get(release);
  if (!index) {
    index = new OperationIndex(releaseOperationTable(release), `OneDev ${release}`);
    indexes.set(release, index);
  }
  return index;
}
