/**
 * What OneDev's source says of the issue, pull request and workspace languages, held in the mock
 * at each published release (issue 37, item 7): single-choice custom fields compared and sorted by
 * their choices' order, working periods and fractions, comments searched by `~text~`, a `#N`
 * without its project refused before v16.0.0, the workspace number sorting descending. The
 * languages are the committed descriptions' (`x-onedev-query-language`), the records made here.
 */
import { describe, expect, it } from 'vitest';
import type { ParameterObject } from 'openapi3-ts/oas31';
import type { QueryLanguageSpec } from '../../spec/model.js';
import { runQuery, type QueryWorld } from '../../scripts/lib/mock/query/evaluate.js';
import { setRelations } from '../../scripts/lib/mock/query/relations.js';
import { parsePercentOfFraction, parseWorkingPeriod } from '../../scripts/lib/mock/query/values.js';
import { EXT } from '../../src/extensions.js';
import { committedDocument, SUPPORTED_RELEASES, type SupportedRelease } from '../helpers.js';

type Rec = Record<string, unknown>;

function language(release: SupportedRelease, key: string): QueryLanguageSpec {
  const param = committedDocument(release).components!.parameters![key] as ParameterObject;
  return param[EXT.queryLanguage.name] as QueryLanguageSpec;
}

const world: QueryWorld = { users: [{ id: 1, name: 'robin' }], projects: [{ id: 7, path: 'acme/webapp', key: 'WEB' }], labels: new Set() };

/** An issue of project 7 whose relations are given (custom fields, times, progress, comments). */
function issue(id: number, relations: Rec, own: Rec = {}): Rec {
  const record: Rec = { id, number: id, projectId: 7, title: `Issue ${id}`, description: null, ...own };
  setRelations(record, relations);
  return record;
}

const ISSUES = [
  issue(1, { 'field Priority': 'Minor', 'field Type': 'Bug', 'estimated minutes': 180, 'spent minutes': 0, progress: 0, 'comment texts': [] }),
  issue(2, { 'field Priority': 'Normal', 'field Type': 'Task', 'estimated minutes': 750, 'spent minutes': 180, progress: 24, 'comment texts': ['see the flaky webhook'] }),
  issue(3, { 'field Priority': 'Major', 'field Type': 'New Feature', 'estimated minutes': 2400, 'spent minutes': 2400, progress: 100, 'comment texts': [] }),
  issue(4, { 'field Priority': 'Critical', 'field Type': 'Support Request', 'estimated minutes': 0, 'spent minutes': 30, progress: -1, 'comment texts': [] }),
  issue(5, { 'field Priority': null, 'field Type': 'Improvement', 'estimated minutes': 60, 'spent minutes': 45, progress: 75, 'comment texts': [] }),
];

function run(lang: QueryLanguageSpec, text: string, records: readonly Rec[] = ISSUES): unknown[] | [number, string] {
  const outcome = runQuery(lang, text, records, world);
  return 'records' in outcome ? outcome.records.map((r) => r.id) : [outcome.refusal.status, outcome.refusal.text];
}

const ALL_RELEASES = [...SUPPORTED_RELEASES];

describe.each(ALL_RELEASES)('issue query facts of %s in the mock', (release) => {
  const issues = language(release, 'issueQuery');
  const pulls = language(release, 'pullRequestQuery');
  const builds = language(release, 'buildQuery');

  it('compares a single-choice custom field by its choices\' order, and orders by it', () => {
    // Minor, Normal, Major, Critical: after Normal come Major and Critical.
    expect(run(issues, '"Priority" is greater than "Normal"')).toEqual([3, 4]);
    expect(run(issues, '"Priority" is less than "Major"')).toEqual([1, 2]);
    // New Feature, Improvement, Bug, Task, Support Request: before Task come the first three.
    expect(run(issues, '"Type" is less than "Task"')).toEqual([1, 3, 5]);
    // A value outside the choices stands before the first, and is not refused.
    expect(run(issues, '"Priority" is greater than "Blocker"')).toEqual([1, 2, 3, 4]);
    expect(run(issues, '"Priority" is "Blocker"')).toEqual([]);
    expect(run(issues, 'order by "Priority"')).toEqual([1, 2, 3, 4, 5]);
    expect(run(issues, 'order by "Priority" desc')).toEqual([4, 3, 2, 1, 5]);
    expect(run(issues, 'order by "Type"')).toEqual([3, 5, 1, 2, 4]);
  });

  it('reads Estimated Time and Spent Time as working periods, and refuses a bare number as the release does', () => {
    expect(run(issues, '"Estimated Time" is "3h"')).toEqual([1]);
    expect(run(issues, '"Estimated Time" is "1d 4h 30m"')).toEqual([2]);
    expect(run(issues, '"Estimated Time" is "1w"')).toEqual([3]);
    expect(run(issues, '"Estimated Time" is "0"')).toEqual([4]);
    expect(run(issues, '"Spent Time" is greater than "1h"')).toEqual([2, 3]);
    const status = release === 'v11.11.4' || release === 'v12.0.10' || release === 'v16.5.6' ? 400 : 406;
    for (const value of ['5', '3x', '1h 2d', ' ']) {
      expect(run(issues, `"Estimated Time" is ${JSON.stringify(value)}`), value).toEqual([status, 'Invalid working period']);
      expect(run(issues, `"Spent Time" is less than ${JSON.stringify(value)}`), value).toEqual([status, 'Invalid working period']);
    }
  });

  it('compares Progress as a fraction of the estimate; issues without one never match', () => {
    expect(run(issues, '"Progress" is greater than "0.5"')).toEqual([3, 5]);
    expect(run(issues, '"Progress" is less than "0.25"')).toEqual([1, 2]);
    expect(run(issues, '"Progress" is less than "1"')).toEqual([1, 2, 5]);
    const status = release === 'v15.1.8' || release === 'v16.5.6' ? 406 : 500;
    expect(run(issues, '"Progress" is greater than "half"')).toEqual([status, 'Invalid decimal: half']);
    // Progress takes no `is`.
    expect(run(issues, '"Progress" is "0.5"')).toEqual([500, "Field 'Progress' is not applicable for operator 'is'"]);
  });

  it('finds ~text~ in issue and pull request comments, and not in a build\'s', () => {
    expect(run(issues, '~flaky webhook~')).toEqual([2]);
    const requests = ISSUES.map((r) => ({ ...r }));
    requests.forEach((r, i) => setRelations(r, { 'comment texts': i === 3 ? ['a flaky webhook again'] : [] }));
    expect(run(pulls, '~flaky webhook~', requests)).toEqual([4]);
    const built = [{ id: 1, jobName: 'ci', version: null }];
    setRelations(built[0]!, { 'comment texts': ['flaky webhook'] });
    expect(run(builds, '~flaky webhook~', built)).toEqual([]);
  });

  it('refuses a reference without its project in the release\'s words', () => {
    const numbered = release === 'v16.5.6';
    if (numbered) expect(run(issues, '#2')).toEqual([2]);
    else {
      const status = release === 'v11.11.4' || release === 'v12.0.10' ? 500 : 406;
      expect(run(issues, '#2')).toEqual([status, 'Reference project not specified: #2']);
      expect(run(issues, '"Number" is "#2"')).toEqual([status, 'Reference project not specified: #2']);
      // A bare number was no reference at all until v13.1.0.
      const bare = release === 'v11.11.4' || release === 'v12.0.10' ? 'Invalid entity reference: 2' : 'Reference project not specified: 2';
      expect(run(issues, '"Number" is "2"')).toEqual([status, bare]);
      expect(run(issues, '"Number" is "webapp"')).toEqual([status, 'Invalid entity reference: webapp']);
      expect(run(issues, 'acme/webapp#2')).toEqual([2]);
    }
  });
});

describe('the workspace language (v16.5.6)', () => {
  const workspaces = language('v16.5.6', 'workspaceQuery');
  const records = [3, 1, 2].map((number) => ({ id: number * 10, number, projectId: 7, createDate: `2025-01-0${number}T00:00:00+00:00` }));

  it('orders by Number descending unless asc, and leaves the order alone without order by', () => {
    expect(run(workspaces, 'order by "Number"', records)).toEqual([30, 20, 10]);
    expect(run(workspaces, 'order by "Number" asc', records)).toEqual([10, 20, 30]);
    expect(run(workspaces, 'order by "Project"', records)).toEqual([30, 10, 20]);
    expect(run(workspaces, '"Project" is "acme/webapp"', records)).toEqual([30, 10, 20]);
  });
});

describe('working periods and fractions as the server reads them', () => {
  it('counts a working period in minutes, 8 hours a day and 5 days a week, spaces ignored', () => {
    expect(parseWorkingPeriod('1w 2d 4h 30m')).toBe(((5 + 2) * 8 + 4) * 60 + 30);
    expect(parseWorkingPeriod(' 3h ')).toBe(180);
    expect(parseWorkingPeriod('45m')).toBe(45);
    expect(parseWorkingPeriod('0')).toBe(0);
    for (const bad of ['5', '', '3x', '4h 1d', '1.5h', 'h']) expect(parseWorkingPeriod(bad), bad).toBeUndefined();
  });

  it('reads a fraction as a Java float, times 100, cut to a whole number', () => {
    expect(parsePercentOfFraction('0.5')).toBe(50);
    expect(parsePercentOfFraction('.257')).toBe(25);
    expect(parsePercentOfFraction('1')).toBe(100);
    expect(parsePercentOfFraction('0.29f')).toBe(29);
    for (const bad of ['half', '', '1,5', '0.5.1']) expect(parsePercentOfFraction(bad), bad).toBeUndefined();
  });
});
