/**
 * Read-only access to a local OneDev git repository (bare or not): trees and blobs at a tag, and
 * `git grep` to narrow down which files to parse. Nothing is fetched, checked out or written.
 */
import { execFileSync } from 'node:child_process';

/** A problem with the repository or a tag in it, worded for the maintainer. */
export class SourceError extends Error {
  override name = 'SourceError';
}

/** A Java source file at a tag: its path in the repository and the blob that holds it. */
export interface SourceFile {
  path: string;
  blob: string;
}

const MAX_BUFFER = 512 * 1024 * 1024;

export class GitRepo {
  private readonly trees = new Map<string, SourceFile[]>();
  private readonly blobs = new Map<string, string>();

  constructor(readonly gitDir: string) {
    let inside: string;
    try {
      inside = this.git(['rev-parse', '--git-dir']).trim();
    } catch {
      throw new SourceError(`${gitDir}: not a git repository (give the OneDev clone or bare mirror with --repo)`);
    }
    if (!inside) throw new SourceError(`${gitDir}: not a git repository`);
  }

  private git(args: string[], input?: string): string {
    return execFileSync('git', ['--git-dir', this.gitDir, ...args], {
      encoding: 'utf8',
      maxBuffer: MAX_BUFFER,
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(input === undefined ? {} : { input }),
    });
  }

  /** Whether the repository has this tag. */
  hasTag(tag: string): boolean {
    try {
      this.git(['rev-parse', '--verify', '--quiet', `refs/tags/${tag}^{commit}`]);
      return true;
    } catch {
      return false;
    }
  }

  requireTag(tag: string): void {
    if (!this.hasTag(tag)) throw new SourceError(`${this.gitDir}: no tag ${tag} (fetch it into the repository first)`);
  }

  /** Every main (non-test) Java source file at the tag, in every module. */
  javaFiles(tag: string): SourceFile[] {
    let files = this.trees.get(tag);
    if (!files) {
      this.requireTag(tag);
      files = this.git(['ls-tree', '-r', '--full-tree', tag])
        .split('\n')
        .flatMap((line) => {
          const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/.exec(line);
          if (!match || !match[2]!.endsWith('.java') || !match[2]!.includes('/src/main/java/')) return [];
          return [{ blob: match[1]!, path: match[2]! }];
        });
      this.trees.set(tag, files);
    }
    return files;
  }

  /** Paths of the main Java files at the tag that contain any of the words (`git grep -w -F`). */
  grepWords(tag: string, words: readonly string[]): Set<string> {
    if (words.length === 0) return new Set();
    const args = ['grep', '-l', '-w', '-F', ...words.flatMap((w) => ['-e', w]), tag, '--', '*/src/main/java/*.java'];
    let out = '';
    try {
      out = this.git(args);
    } catch (error) {
      // git grep exits 1 when nothing matches.
      if ((error as { status?: number }).status === 1) return new Set();
      throw error;
    }
    return new Set(out.split('\n').filter(Boolean).map((line) => line.slice(tag.length + 1)));
  }

  /** Texts of blobs, read in one `git cat-file --batch` run for the ones not read before. */
  readBlobs(blobs: readonly string[]): Map<string, string> {
    const missing = [...new Set(blobs.filter((b) => !this.blobs.has(b)))];
    if (missing.length > 0) {
      const out = execFileSync('git', ['--git-dir', this.gitDir, 'cat-file', '--batch'], {
        input: missing.join('\n') + '\n',
        maxBuffer: MAX_BUFFER,
      });
      let at = 0;
      while (at < out.length) {
        const eol = out.indexOf(10, at);
        const header = out.subarray(at, eol).toString('utf8');
        const [sha, type, size] = header.split(' ');
        if (type !== 'blob') throw new SourceError(`${this.gitDir}: cannot read blob ${sha} (${header})`);
        const start = eol + 1;
        const end = start + Number(size);
        this.blobs.set(sha!, out.subarray(start, end).toString('utf8'));
        at = end + 1;
      }
    }
    return new Map(blobs.map((b) => [b, this.blobs.get(b)!]));
  }

  readBlob(blob: string): string {
    return this.readBlobs([blob]).get(blob)!;
  }
}
