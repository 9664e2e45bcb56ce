/**
 * What the tool learns from a blob (its parsed declarations, the names in its extends/implements
 * lists) depends only on the blob, so it is kept by blob id: in memory for a run and, when a
 * folder is given, on disk for the next run. The folder is versioned by the reading code itself,
 * so a change to the parser or the model never reads stale entries.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { JavaFile } from './java-model.js';

/** Default place of the disk cache, next to other tools' caches. */
export const DEFAULT_CACHE_DIR = 'node_modules/.cache/onedev-source';

function readerVersion(): string {
  const hash = createHash('sha256');
  for (const file of ['./java-parse.ts', './java-model.ts']) hash.update(readFileSync(new URL(file, import.meta.url)));
  // The parser's package.json (its version) sits above its entry point, src/index.js.
  const parserEntry = createRequire(import.meta.url).resolve('java-parser');
  hash.update(readFileSync(join(dirname(parserEntry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

export class SourceCache {
  private readonly files = new Map<string, JavaFile>();
  private readonly heads = new Map<string, string[]>();
  private readonly dir: string | undefined;

  /** `dir`: a folder for the disk cache, or undefined to keep everything in memory only. */
  constructor(dir?: string) {
    this.dir = dir === undefined ? undefined : join(dir, readerVersion());
  }

  private load<T>(kind: string, blob: string): T | undefined {
    if (!this.dir) return undefined;
    try {
      return JSON.parse(readFileSync(join(this.dir, kind, `${blob}.json`), 'utf8')) as T;
    } catch {
      return undefined;
    }
  }

  private store(kind: string, blob: string, value: unknown): void {
    if (!this.dir) return;
    const folder = join(this.dir, kind);
    mkdirSync(folder, { recursive: true });
    // Written aside, then renamed: a concurrent run never reads half a file.
    const temp = join(folder, `${blob}.${process.pid}.tmp`);
    writeFileSync(temp, JSON.stringify(value));
    renameSync(temp, join(folder, `${blob}.json`));
  }

  private remember<T>(memory: Map<string, T>, kind: string, blob: string, compute: () => T): T {
    let value = memory.get(blob) ?? this.load<T>(kind, blob);
    if (value === undefined) {
      value = compute();
      this.store(kind, blob, value);
    }
    memory.set(blob, value);
    return value;
  }

  /** Whether the blob's declarations are known without parsing it. */
  hasParsed(blob: string): boolean {
    return this.files.has(blob) || this.load<JavaFile>('parsed', blob) !== undefined;
  }

  parsed(blob: string, parse: () => JavaFile): JavaFile {
    return this.remember(this.files, 'parsed', blob, parse);
  }

  /** Whether the blob's supertype names are known without reading it. */
  hasSupertypeNames(blob: string): boolean {
    return this.heads.has(blob) || this.load<string[]>('heads', blob) !== undefined;
  }

  supertypeNames(blob: string, scan: () => string[]): string[] {
    return this.remember(this.heads, 'heads', blob, scan);
  }
}
