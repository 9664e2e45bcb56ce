/** The shape every entry of the code-generation matrix has, and the work folders it runs in. */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DescriptionFiles, MatrixRelease } from './harness.js';

export interface Generator {
  /** e.g. "openapi-python-client" */
  name: string;
  language: 'TypeScript' | 'Python' | 'Java' | 'Go' | 'Rust';
  /** The folder of the hand-written program (and config) copied into the work folder. */
  program?: string;
  /** Which description file it generates from (docs/codegen.md says why). */
  file: keyof DescriptionFiles;
  /** The release whose files it generates from, and whose read set its program makes; RELEASE when left out. */
  release?: MatrixRelease;
  /**
   * Groups whose read the generated code cannot make, with the reason; the test checks that the
   * generated code really lacks them, so the list cannot hide a regression.
   */
  missingGroups?: Record<string, string>;
  /** Installs the pinned tool when missing (the same call .ci/run makes). */
  install(): Promise<unknown>;
  /** Writes the generated client into `work`. */
  generate(work: string, files: DescriptionFiles): Promise<void>;
  /** Compiles or type-checks the generated client and the program with 0 errors; throws with the output otherwise. */
  build(work: string): Promise<void>;
  /** Runs the program; returns its stdout (the last JSON line is the ProgramOutput). */
  run(work: string, baseUrl: string, title: string): Promise<string>;
  /** Whether the generated client contains the named operation (for missingGroups and requiredOperations). */
  hasOperation?(work: string, operationId: string): boolean;
  /**
   * Operations the generated client must have, with the reason: the test looks each up with
   * hasOperation (a generator that drops operations it cannot handle would lose them silently).
   */
  requiredOperations?: { operationIds: readonly string[]; why: string };
}

/** A fresh folder for one generator, with the program's own files copied in. */
export function workFolder(name: string, programDir?: string): string {
  const root = join(tmpdir(), 'onedev-codegen');
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, `${name}-`));
  if (programDir) cpSync(programDir, work, { recursive: true });
  return work;
}

export function removeWorkFolder(work: string): void {
  if (!process.env.ONEDEV_CODEGEN_KEEP) rmSync(work, { recursive: true, force: true });
}
