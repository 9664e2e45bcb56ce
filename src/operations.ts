/** Finds an operation by method and path template in the generated table. */
import { operationTable, type OperationId, type OperationInfo } from '../generated/operations.js';

export { operationTable, type OperationId, type OperationInfo };

export interface OperationEntry extends OperationInfo {
  operationId: OperationId;
}

const byRoute = new Map<string, OperationEntry>(
  (Object.entries(operationTable) as Array<[OperationId, OperationInfo]>).map(([operationId, info]) => [
    `${info.method} ${info.path}`,
    { operationId, ...info },
  ]),
);

/** The operation at `method path`; a clear error for a route the document does not have. */
export function operationAt(method: string, path: string): OperationEntry {
  const entry = byRoute.get(`${method.toUpperCase()} ${path}`);
  if (!entry) throw new TypeError(`OneDev has no operation ${method.toUpperCase()} ${path} (paths are templates such as /pulls/{requestId})`);
  return entry;
}
