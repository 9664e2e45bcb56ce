/**
 * One OneDev repository read at many tags: the tables of each tag, computed once per run. Parsed
 * files are shared between tags (most files do not change from one tag to the next).
 */
import { SourceCache } from './cache.js';
import { Classpath } from './classpath.js';
import { fieldRows } from './fields.js';
import { GitRepo, SourceError } from './git.js';
import { lifespanRows, routeRows, type LifespanRow, type RouteRow } from './routes.js';
import { formatFields, formatLifespans, formatRoutes, formatWebHooks, type FieldRow } from './tables.js';
import { webHookRows, type WebHookRow } from './webhooks.js';

export class OneDevSource {
  private readonly classpaths = new Map<string, Classpath>();
  private readonly memo = new Map<string, unknown>();

  /** `progress` hears about each table computed (long runs over many tags say where they are). */
  constructor(
    readonly repo: GitRepo,
    private readonly cache: SourceCache = new SourceCache(),
    private readonly progress: (message: string) => void = () => {},
  ) {}

  classpath(tag: string): Classpath {
    let cp = this.classpaths.get(tag);
    if (!cp) {
      this.repo.requireTag(tag);
      cp = new Classpath(this.repo, tag, this.cache);
      this.classpaths.set(tag, cp);
    }
    return cp;
  }

  private once<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) {
      const started = Date.now();
      this.memo.set(key, compute());
      this.progress(`${key} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    return this.memo.get(key) as T;
  }

  routes(tag: string): RouteRow[] {
    return this.once(`routes ${tag}`, () => routeRows(this.classpath(tag)));
  }

  lifespans(tags: readonly string[]): LifespanRow[] {
    return lifespanRows(new Map(tags.map((tag) => [tag, this.routes(tag)])), tags);
  }

  webHooks(tag: string): WebHookRow[] {
    return this.once(`webhooks ${tag}`, () => webHookRows(this.classpath(tag)));
  }

  fields(tag: string): FieldRow[] {
    return this.once(`fields ${tag}`, () => fieldRows(this.classpath(tag)));
  }

  routeTable(tag: string): string {
    return formatRoutes(this.routes(tag));
  }

  lifespanTable(tags: readonly string[]): string {
    if (tags.length === 0) throw new SourceError('lifespans: no tags');
    return formatLifespans(this.lifespans(tags), tags[0]!, tags.at(-1)!);
  }

  webHookTable(tag: string): string {
    return formatWebHooks(this.webHooks(tag), tag);
  }

  fieldTable(tag: string): string {
    return formatFields(this.fields(tag), tag);
  }
}

export function openSource(repoPath: string, options: { cacheDir?: string; progress?: (message: string) => void } = {}): OneDevSource {
  return new OneDevSource(new GitRepo(repoPath), new SourceCache(options.cacheDir), options.progress);
}
