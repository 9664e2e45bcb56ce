/**
 * schemathesis (PyPI, pinned in test/codegen/python/requirements.txt) against the contract mock,
 * over every operation of two descriptions:
 * - the reference release's 3.1 file (the one the code-generation matrix uses), with the checks
 *   not_a_server_error, status_code_conformance, content_type_conformance and
 *   response_schema_conformance;
 * - the newest release's, with schemathesis's default checks (all of them: negative and positive
 *   data, undeclared methods and their `Allow` header, authentication, ...).
 * Phases: examples, coverage (boundary and invalid values) and fuzzing, 5 examples each, a fixed
 * seed so a run is repeatable. A hooks file (python/schemathesis_hooks.py) reads the answers the
 * description marks `x-onedev-raw-text` as text, as the description says to. Each JUnit report is
 * read back; every failure must be explained below, and an explanation that no longer matches a
 * failure's shape fails the test.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { ROOT } from '../../scripts/lib/artifacts.js';
import { startMockServer, type MockServer } from '../../scripts/lib/mock/server.js';
import { DEFAULT_RELEASE } from '../helpers.js';
import { descriptionFiles, readJson } from './harness.js';
import { ensurePython, run, venvBin } from './toolchain.js';

type Json = Record<string, any>;

const CHECKS = ['not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_schema_conformance'];
const HOOKS = join(ROOT, 'test/codegen/python/schemathesis_hooks.py');

export interface Failure {
  /** "GET /builds" */
  operation: string;
  /** e.g. ST103 */
  code: string;
  text: string;
}

/** The failures of a schemathesis JUnit report. */
export function junitFailures(xml: string): Failure[] {
  const out: Failure[] = [];
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const match of xml.matchAll(/<testcase name="([^"]+)"[^>]*>\s*<failure[^>]*message="([^"]*)"[^>]*>([\s\S]*?)<\/failure>/g)) {
    out.push({ operation: unescape(match[1]!), code: unescape(match[2]!), text: unescape(match[3]!) });
  }
  return out;
}

/**
 * Why a failure is not the mock's or the description's fault as far as this test can tell, or
 * undefined when it is unexplained.
 */
export function explain(failure: Failure, doc: Json): string | undefined {
  // The mock checks credentials for their form only (docs/using-the-mock.md, "Credentials"): it
  // knows no accounts, so well-formed but wrong credentials are accepted.
  if (failure.code === 'ST401' && /API accepts invalid authentication/.test(failure.text)) {
    return 'the mock accepts any well-formed credentials, as documented';
  }
  return undefined;
}

/** What one run checks: a description, and the checks (undefined: schemathesis's defaults). */
interface Run {
  name: string;
  file: string;
  checks?: readonly string[];
}

const RUNS: Run[] = [
  { name: 'the reference release, four checks', file: descriptionFiles().v31, checks: CHECKS },
  { name: `the newest release (${DEFAULT_RELEASE}), the default checks`, file: join(ROOT, 'generated/releases', DEFAULT_RELEASE, 'openapi.json') },
];

describe.each(RUNS)('schemathesis against the mock, every operation: $name', ({ file, checks }) => {
  const doc = readJson(file);
  let mock: MockServer;
  let failures: Failure[] = [];
  let tested = 0;
  const reports = mkdtempSync(join(tmpdir(), 'onedev-schemathesis-'));

  beforeAll(async () => {
    await ensurePython();
    mock = await startMockServer({ host: '127.0.0.1', port: 0, document: doc as OpenAPIObject });
    const args = [
      'run',
      file,
      '--url',
      mock.baseUrl,
      ...(checks ? ['--checks', checks.join(',')] : []),
      '--header',
      'Authorization: Bearer schemathesis-token',
      '--phases',
      'examples,coverage,fuzzing',
      '--max-examples',
      '5',
      '--seed',
      '1',
      '--no-shrink',
      '--workers',
      '1',
      '--request-timeout',
      '30',
      '--report',
      'junit',
      '--report-dir',
      reports,
    ];
    // schemathesis exits 1 when it finds failures; the report says which.
    // Run inside the report folder: schemathesis keeps a `.schemathesis` cache in its working folder.
    await run(venvBin('schemathesis'), args, { cwd: reports, timeoutMs: 15 * 60_000, env: { NO_COLOR: '1', SCHEMATHESIS_HOOKS: HOOKS } }).catch((error: Error) => {
      if (!readdirSync(reports).some((f) => f.endsWith('.xml'))) throw error;
    });
    const report = readdirSync(reports).find((f) => f.endsWith('.xml'));
    const xml = readFileSync(join(reports, report!), 'utf8');
    tested = Number(/<testsuite [^>]*tests="(\d+)"/.exec(xml)?.[1] ?? 0);
    failures = junitFailures(xml);
  }, 20 * 60_000);

  afterAll(async () => {
    const explained = failures.filter((f) => explain(f, doc)).map((f) => `${f.operation} (${f.code})`);
    console.log(`schemathesis on ${file}: ${tested} operations, ${failures.length} failures, explained: ${explained.length}`);
    await mock?.close();
    rmSync(reports, { recursive: true, force: true });
  });

  it('tests every operation of the description', () => {
    const count = Object.values(doc.paths as Json).flatMap((item) => Object.keys(item as Json)).filter((m) => m !== 'parameters').length;
    expect(tested).toBe(count);
  });

  it('finds no failure the mock or the description cannot account for', () => {
    const unexplained = failures.filter((f) => !explain(f, doc)).map((f) => `${f.operation}: ${f.text.slice(0, 600)}`);
    expect(unexplained).toEqual([]);
  });
});

describe('the report reader', () => {
  const doc = readJson(descriptionFiles().v31);

  it('reads failures out of the report (so "no unexplained failure" cannot pass for want of parsing)', () => {
    const xml = `<testsuite tests="2"><testcase name="GET /builds" time="0.1">
      <failure type="failure" message="ST103">- ST103 Undocumented status code

    Received: 404
    Documented: 200, 400

    \`Request query parameter offset must be integer\`</failure>
    </testcase><testcase name="POST /x &amp; y" time="0.1"><failure message="ST101">boom</failure></testcase></testsuite>`;
    const parsed = junitFailures(xml);
    expect(parsed.map((f) => [f.operation, f.code])).toEqual([
      ['GET /builds', 'ST103'],
      ['POST /x & y', 'ST101'],
    ]);
    // Every integer query parameter's 404 is documented now: an undocumented status is a failure.
    expect(explain(parsed[0]!, doc)).toBeUndefined();
    expect(explain(parsed[1]!, doc)).toBeUndefined();
    expect(explain({ operation: 'GET /builds', code: 'ST401', text: '- ST401 API accepts invalid authentication' }, doc)).toBeDefined();
    expect(explain({ operation: 'GET /builds', code: 'ST201', text: '- ST201 Schema-violating request accepted' }, doc)).toBeUndefined();
  });
});
