/**
 * Lint gates: Spectral's `spectral:oas` rules (.spectral.yaml) with 0 errors and 0 warnings, and
 * the OWASP API security rules (.spectral-owasp.yaml) with 0 errors. Both CLIs run side by side.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RELEASE, ROOT, SUPPORTED_RELEASES } from '../helpers.js';

const run = promisify(execFile);

interface Finding {
  code: string;
  message: string;
  severity: number; // 0 error, 1 warning, 2 info, 3 hint
  path: string[];
}

async function spectral(ruleset: string, file = 'generated/openapi.json'): Promise<Finding[]> {
  const bin = join(ROOT, 'node_modules/.bin/spectral');
  const args = ['lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet', '--fail-severity', 'hint'];
  // Spectral exits 1 when it finds anything; the findings are still on stdout.
  const { stdout } = await run(bin, args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024, timeout: 120_000 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout?.trim().startsWith('[')) throw new Error(`spectral failed: ${error.stderr ?? error}`);
      return { stdout: error.stdout };
    },
  );
  return JSON.parse(stdout) as Finding[];
}

const summary = (findings: Finding[]) => findings.map((f) => `${f.code}: ${f.message} at ${f.path.join('.')}`);

describe('Spectral', () => {
  let oas: Finding[];
  let owasp: Finding[];
  beforeAll(async () => {
    [oas, owasp] = await Promise.all([spectral('.spectral.yaml'), spectral('.spectral-owasp.yaml')]);
  }, 120_000);

  it('spectral:oas reports 0 errors and 0 warnings', () => {
    expect(summary(oas.filter((f) => f.severity <= 1))).toEqual([]);
  });

  it('the OWASP ruleset reports 0 errors', () => {
    expect(summary(owasp.filter((f) => f.severity === 0))).toEqual([]);
  });

  it('spectral:oas reports 0 errors and 0 warnings for every other published release too (web hooks included)', async () => {
    const others = SUPPORTED_RELEASES.filter((release) => release !== DEFAULT_RELEASE);
    const findings = await Promise.all(others.map((release) => spectral('.spectral.yaml', `generated/releases/${release}/openapi.json`)));
    others.forEach((release, i) => expect(summary(findings[i]!.filter((f) => f.severity <= 1)), release).toEqual([]));
  }, 240_000);

  it('the OWASP ruleset actually ran (its warnings show up)', () => {
    // Guards against a ruleset that silently loaded nothing: OneDev sends no 429, so that warning stays.
    expect(owasp.some((f) => f.code === 'owasp:api4:2023-rate-limit-responses-429')).toBe(true);
  });

  it('every waived OWASP rule is a real rule, turned off with a one-line reason', () => {
    const text = readFileSync(join(ROOT, '.spectral-owasp.yaml'), 'utf8');
    const rules = (parse(text) as { rules: Record<string, unknown> }).rules;
    const lines = text.split('\n');
    const owaspSource = readFileSync(
      join(ROOT, 'node_modules/@stoplight/spectral-owasp-ruleset/dist/ruleset.mjs'),
      'utf8',
    );
    expect(Object.keys(rules).length).toBeGreaterThan(0);
    for (const [rule, setting] of Object.entries(rules)) {
      expect(setting, rule).toBe('off');
      expect(owaspSource, `${rule} is not in the OWASP ruleset`).toContain(`"${rule}"`);
      const at = lines.findIndex((line) => line.trim().startsWith(`${rule}:`));
      expect(lines[at - 1]?.trim(), `${rule} needs a reason on the line above`).toMatch(/^# \S.{15,}/);
    }
  });
});
