/**
 * Small git repositories of Java sources for the maintainer tool's tests: each tag a full tree of
 * files (paths under `server-core/src/main/java/` unless they say otherwise), committed in order.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const JAVA = 'server-core/src/main/java/';

export interface JavaRepo {
  /** The repository's .git directory, as `--repo` takes it. */
  gitDir: string;
  remove(): void;
}

/** A repository whose tags hold the given trees (relative paths are put under JAVA). */
export function javaRepo(tags: Record<string, Record<string, string>>): JavaRepo {
  const dir = mkdtempSync(join(tmpdir(), 'onedev-source-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });
  git('init', '-q');
  for (const [tag, files] of Object.entries(tags)) {
    for (const entry of ['server-core', 'server-plugin', 'docs']) rmSync(join(dir, entry), { recursive: true, force: true });
    for (const [path, text] of Object.entries(files)) {
      const full = join(dir, path.includes('/src/') || path.startsWith('docs/') ? path : JAVA + path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', tag);
    git('tag', tag);
  }
  return { gitDir: join(dir, '.git'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
