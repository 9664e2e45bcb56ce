/** The committed document: valid OpenAPI 3.1, lint-clean, and what the catalogue builds now. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { renderArtifacts } from '../../scripts/lib/artifacts.js';
import { ROOT, committedDocument } from '../helpers.js';

const run = promisify(execFile);

describe('generated/openapi.json', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(committedDocument() as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('passes redocly lint (recommended-strict) with 0 errors and 0 warnings', async () => {
    const bin = join(ROOT, 'node_modules/.bin/redocly');
    const { stdout } = await run(bin, ['lint', 'generated/openapi.json', '--format=json', '--max-problems=1000'], {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const summary = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(summary).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('YAML and JSON hold the same document', () => {
    const yaml = parse(readFileSync(join(ROOT, 'generated/openapi.yaml'), 'utf8'));
    expect(yaml).toEqual(committedDocument());
  });
});

describe('generated/ is up to date', () => {
  it('equals what the catalogue builds now (run `npm run build` if this fails)', async () => {
    const artifacts = await renderArtifacts();
    expect(artifacts.length).toBeGreaterThan(0);
    for (const artifact of artifacts) {
      const committed = readFileSync(join(ROOT, artifact.path), 'utf8');
      expect(committed === artifact.content, `${artifact.path} is stale`).toBe(true);
    }
  });
});
