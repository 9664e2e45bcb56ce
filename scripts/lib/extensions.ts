/**
 * Names of the `x-onedev-*` extensions the builder writes and tools (the mock, the facts step)
 * read. Kept free of catalogue imports: the packaged mock loads this module.
 */

/** On a `count` parameter: the largest count callers who are not administrators get. */
export const NON_ADMIN_MAXIMUM = 'x-onedev-non-admin-maximum';

/** At the document's root: how the release refuses what any operation can meet (what, status). */
export const REFUSALS = 'x-onedev-refusals';

/**
 * On each of the two operations that describe one OneDev route with an optional path glued to the
 * segment before it (spec/model.ts, `splitRoute`): OneDev's own template of that route.
 */
export const SPLIT_ROUTE = 'x-onedev-route';

/** On a request body that changes a stored record: 'merge' (a property left out keeps its value) or 'replace'. */
export const UPDATE_MODE = 'x-onedev-update';

/**
 * On a 200 response whose root comes without its family's discriminator (spec/model.ts,
 * `rootDiscriminator: 'omitted'`): `{ property, tagged }`, the property the root lacks and the
 * component name of the family (or member) as a request takes it, with the property.
 */
export const UNTAGGED_ROOT = 'x-onedev-untagged-root';

/**
 * On a request schema: properties its server requires only when another property holds one of some
 * values (`[{ property, values, required }]`), a bean-validation rule that depends on the account
 * kind, for instance. A required property is missing when left out, null, or an empty text or list.
 */
export const REQUIRED_WHEN = 'x-onedev-required-when';

/**
 * On a request body: the operation reads none, but its resource consumes JSON, so the request must
 * be labelled `application/json`; whatever is sent is ignored (spec/model.ts, body kind 'ignored').
 */
export const IGNORED_BODY = 'x-onedev-ignored-body';

/**
 * On an operation: `{ status, callers }`, the status it answers a path id no record has with
 * instead of 404 (its response's example is the server's message), for `everyone` or only for
 * `administrators` (others get 404).
 */
export const MISSING_ID = 'x-onedev-missing-id';

/**
 * On an operation that changes state: what it changes at the described release (spec/model.ts,
 * EffectSpec: `changes`, the steps in order; `none`, why it changes nothing readable; `refuses`,
 * the refusals that depend on state). The stateful mock applies it.
 */
export const EFFECT = 'x-onedev-effect';

/**
 * On a GET that lists the records linked to the record its path names (spec/model.ts,
 * OperationSpec `lists`): `{ fields }`, the properties of the listed records any of which holds
 * the path's id.
 */
export const LISTS = 'x-onedev-lists';
