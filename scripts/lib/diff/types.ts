/** What the breaking-change check reports. */

/** Which way data flows: requests are written by clients, responses read by them. */
export type Direction = 'request' | 'response';

export type ChangeKind =
  | 'operation-added'
  | 'operation-removed'
  | 'operation-id-renamed'
  | 'parameter-added'
  | 'parameter-removed'
  | 'parameter-renamed'
  | 'parameter-newly-required'
  | 'body-newly-required'
  | 'property-added'
  | 'property-removed'
  | 'property-newly-required'
  | 'property-no-longer-required'
  | 'type-changed'
  | 'enum-value-added'
  | 'enum-value-removed'
  | 'nullability-narrowed'
  | 'nullability-widened'
  | 'variant-added'
  | 'variant-removed'
  | 'media-type-added'
  | 'media-type-removed'
  | 'response-added'
  | 'response-removed';

export interface Change {
  kind: ChangeKind;
  /** True when code written (or generated) against the old description can fail with the new one. */
  breaking: boolean;
  /** Human-readable location, e.g. `POST /pulls (createPullRequest) › request body › title`. */
  where: string;
  message: string;
}
