/**
 * vitest globalSetup: one scratch folder per test run, shared by every test file (each runs in its
 * own process), where test/support/tag-documents.ts keeps each OneDev tag's built document. Made
 * fresh for each run and removed after it, so nothing built from an older catalogue is ever read.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of built tag documents (test/support/tag-documents.ts). */
    tagDocumentsDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'onedev-openapi-tag-documents-'));
  project.provide('tagDocumentsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
