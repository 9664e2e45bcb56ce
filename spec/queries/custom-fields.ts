/**
 * How the issue language takes custom fields, by the field's type (IssueQuery.checkField and the
 * issue field spec classes): `is empty`/`is not empty` for every type, the rest by type. `order
 * by` takes Enumeration, Date, Date Time, Integer and Iteration fields, ascending unless `desc`.
 */
import type { QueryCustomFieldSpec, QueryOperator } from '../model.js';

const EMPTY: readonly QueryOperator[] = ['is empty', 'is not empty'];
const IS: readonly QueryOperator[] = ['is', 'is not'];
const ORDER: readonly QueryOperator[] = ['is greater than', 'is less than'];
const DATES: readonly QueryOperator[] = ['is since', 'is until'];

export const ISSUE_CUSTOM_FIELDS: readonly QueryCustomFieldSpec[] = [
  { type: 'Text', operators: [...IS, 'contains', ...EMPTY] },
  { type: 'Checkbox', operators: [...IS, ...EMPTY] },
  { type: 'Integer', operators: [...IS, ...ORDER, ...EMPTY], orderable: true },
  // Float fields are compared by size from v13.1.0 (FloatFieldCriteria); never by `is`.
  { type: 'Float', operators: [...ORDER.map((operator) => ({ operator, since: 'v13.1.0' as const })), ...EMPTY] },
  { type: 'Date', operators: [...DATES, ...EMPTY], orderable: true },
  { type: 'Date Time', operators: [...DATES, ...EMPTY], orderable: true },
  { type: 'Secret', operators: EMPTY },
  // A single choice compares its position among the field's choices; a multiple one only by `is`.
  { type: 'Enumeration (single value)', operators: [...IS, ...ORDER, ...EMPTY], orderable: true },
  { type: 'Enumeration (multiple values)', operators: [...IS, ...EMPTY], orderable: true },
  { type: 'User', operators: [...IS, 'is me', 'is not me', ...EMPTY] },
  { type: 'Group', operators: [...IS, ...EMPTY] },
  { type: 'Issue', operators: [...IS, ...EMPTY] },
  { type: 'Build', operators: [...IS, ...EMPTY] },
  { type: 'Pull Request', operators: [...IS, ...EMPTY] },
  { type: 'Commit', operators: [...IS, ...EMPTY] },
  { type: 'Iteration', operators: [...IS, ...EMPTY], orderable: true },
];
