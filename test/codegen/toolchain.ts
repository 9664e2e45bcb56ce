/**
 * Installs the pinned code generators of the matrix, each through its own registry client
 * (npm, pip, Maven, the Go module proxy, cargo), into a cache outside the repository, and only
 * when missing: a stamp file records what was installed from which pin.
 *
 * Cache: $ONEDEV_OPENAPI_CACHE, else ~/.cache/onedev-openapi. `.ci/run` calls installAll() through
 * test/codegen/install.ts; the tests call the same functions, so plain `npm test` on a fresh machine
 * installs what it needs too (slowly, the first time).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/artifacts.js';
import { descriptionFiles } from './harness.js';

export const CODEGEN = join(ROOT, 'test/codegen');
export const CACHE = process.env.ONEDEV_OPENAPI_CACHE || join(homedir(), '.cache', 'onedev-openapi');

/** Pins that live outside a lock file. The rest: node/package-lock.json, python/requirements.txt, go/go.mod, rust/Cargo.lock. */
export const PINS = {
  /** org.openapitools:openapi-generator-cli on Maven Central (its npm wrapper downloads from elsewhere). */
  openapiGenerator: '7.25.0',
  /** The Maven plugin that copies the jar out of the local repository. */
  mavenDependencyPlugin: '3.8.1',
} as const;

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export class CommandError extends Error {
  override name = 'CommandError';
}

/** Runs a program (no shell). On failure the error names the command and ends with its output. */
export function run(file: string, args: readonly string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd ?? ROOT,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 10 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ stdout, stderr });
        const tail = (text: string) => text.split('\n').slice(-60).join('\n');
        const why = error.killed ? `timed out after ${options.timeoutMs ?? 600_000} ms` : `failed (${error.code ?? error.message})`;
        reject(new CommandError(`${file} ${args.join(' ')} ${why}\n--- stdout\n${tail(stdout)}\n--- stderr\n${tail(stderr)}`));
      },
    );
  });
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const fileSha = (path: string) => sha(readFileSync(path, 'utf8'));

/**
 * One installer at a time per tool across processes (vitest runs test files in parallel): a lock
 * directory, waited on for up to 20 minutes; an older one is taken as left by a killed run.
 */
async function withLock<T>(name: string, action: () => Promise<T>): Promise<T> {
  const lock = join(CACHE, 'locks', name);
  mkdirSync(join(CACHE, 'locks'), { recursive: true });
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (age > 20 * 60_000) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`waited 20 minutes for the install lock ${lock}`);
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await action();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `install` unless `stamp` already holds `pin`; returns whether it installed. */
async function ensure(name: string, stamp: string, pin: string, install: () => Promise<void>): Promise<boolean> {
  const current = () => (existsSync(stamp) ? readFileSync(stamp, 'utf8') : '');
  if (current() === pin) return false;
  return withLock(name, async () => {
    if (current() === pin) return false;
    await install();
    writeFileSync(stamp, pin);
    return true;
  });
}

// ---- Node: test/codegen/node has its own package.json and lock; npm ci installs beside them.

export const NODE_DIR = join(CODEGEN, 'node');
export const nodeBin = (name: string) => join(NODE_DIR, 'node_modules', '.bin', name);

export function ensureNodeTools(): Promise<boolean> {
  const lock = join(NODE_DIR, 'package-lock.json');
  return ensure('node', join(NODE_DIR, 'node_modules', '.onedev-stamp'), fileSha(lock), async () => {
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: NODE_DIR, timeoutMs: 10 * 60_000 });
  });
}

// ---- Python: one venv with openapi-python-client, schemathesis, mypy and the generated clients' libraries.

export const PYTHON_DIR = join(CODEGEN, 'python');
export const VENV = join(CACHE, 'python', 'venv');
export const venvBin = (name: string) => join(VENV, 'bin', name);

export function ensurePython(): Promise<boolean> {
  const requirements = join(PYTHON_DIR, 'requirements.txt');
  return ensure('python', join(CACHE, 'python', 'stamp'), fileSha(requirements), async () => {
    rmSync(VENV, { recursive: true, force: true });
    mkdirSync(join(CACHE, 'python'), { recursive: true });
    await run('python3', ['-m', 'venv', VENV]);
    await run(venvBin('pip'), ['install', '--quiet', '--disable-pip-version-check', '--no-deps', '-r', requirements], {
      timeoutMs: 10 * 60_000,
    });
  });
}

// ---- openapi-generator: the jar from Maven Central, copied out of a Maven repository under the cache.

export const M2 = join(CACHE, 'm2');
export const openapiGeneratorJar = () => join(CACHE, 'jars', `openapi-generator-cli-${PINS.openapiGenerator}.jar`);
export const mavenArgs = () => ['-B', '-q', `-Dmaven.repo.local=${M2}`];

export function ensureOpenapiGenerator(): Promise<boolean> {
  const jar = openapiGeneratorJar();
  return ensure('openapi-generator', `${jar}.stamp`, PINS.openapiGenerator, async () => {
    await run('mvn', [
      ...mavenArgs(),
      `org.apache.maven.plugins:maven-dependency-plugin:${PINS.mavenDependencyPlugin}:copy`,
      `-Dartifact=org.openapitools:openapi-generator-cli:${PINS.openapiGenerator}`,
      `-DoutputDirectory=${join(CACHE, 'jars')}`,
    ]);
    if (!existsSync(jar)) throw new Error(`Maven reported success but ${jar} is missing`);
  });
}

/**
 * openapi-generator's `generate` with `generator` from `input` into `output`, writing no docs or
 * tests of its own; `args` are the generator's other options.
 */
export function openapiGenerate(generator: string, input: string, output: string, args: readonly string[], options: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return run(
    'java',
    [
      '-jar',
      openapiGeneratorJar(),
      'generate',
      '--generator-name',
      generator,
      '--input-spec',
      input,
      '--output',
      output,
      ...args,
      '--global-property',
      'apiDocs=false,modelDocs=false,apiTests=false,modelTests=false',
    ],
    { timeoutMs: 5 * 60_000, ...options },
  );
}

// ---- Go: oapi-codegen and ogen are `tool`s of the module in test/codegen/go (pinned by go.mod and
// go.sum), which also requires what the clients they and openapi-generator write import.

export const GO_DIR = join(CODEGEN, 'go');
export const goEnv = (): NodeJS.ProcessEnv => ({
  GOMODCACHE: join(CACHE, 'go', 'mod'),
  GOCACHE: join(CACHE, 'go', 'build'),
  GOFLAGS: '-mod=mod',
  GOTOOLCHAIN: 'local',
});

/** Binary name under $CACHE/go -> the `tool` package of go.mod it is built from. */
export const GO_TOOLS = {
  'oapi-codegen': 'github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen',
  ogen: 'github.com/ogen-go/ogen/cmd/ogen',
} as const;

export function ensureGo(): Promise<boolean> {
  const pin = fileSha(join(GO_DIR, 'go.sum')) + fileSha(join(GO_DIR, 'go.mod'));
  return ensure('go', join(CACHE, 'go', 'stamp'), pin, async () => {
    mkdirSync(join(CACHE, 'go'), { recursive: true });
    // Downloads every module go.sum names and builds the generators once (later runs hit the build cache).
    await run('go', ['mod', 'download'], { cwd: GO_DIR, env: goEnv() });
    for (const [binary, tool] of Object.entries(GO_TOOLS)) {
      await run('go', ['build', '-o', join(CACHE, 'go', binary), tool], { cwd: GO_DIR, env: goEnv() });
    }
  });
}

// ---- Rust: openapi-generator's `rust` client, used by the crate in test/codegen/rust (Cargo.lock
// pins every crate). Installing fetches the crates and compiles them once into a target
// directory under the cache, so a test run compiles only the generated crate and the program.

export const RUST_DIR = join(CODEGEN, 'rust');
export const rustEnv = (): NodeJS.ProcessEnv => ({ CARGO_TARGET_DIR: join(CACHE, 'rust', 'target') });

/** Writes openapi-generator's `rust` client crate (blocking reqwest) into `output`. */
export async function generateRustClient(input: string, output: string): Promise<void> {
  await openapiGenerate(
    'rust',
    input,
    output,
    [
      '--additional-properties',
      // A fixed crate version: it would follow info.version, and Cargo.lock records it.
      'packageName=onedev,packageVersion=0.0.0,library=reqwest,supportAsync=false',
      // Bytes as Vec<u8>: the default, PathBuf, is no body the blocking reqwest client takes.
      '--type-mappings',
      'binary=Vec<u8>,file=Vec<u8>',
    ],
    { timeoutMs: 5 * 60_000 },
  );
}

/**
 * The 3.0 description without its `discriminator` objects, for openapi-generator's rust client.
 * With a discriminator it writes `#[serde(tag = "@type")]` enums, and serde then hides `@type`
 * from the member structs, which require it: every read of a family fails. Without one it writes
 * `#[serde(untagged)]` enums, and each member's one-value `@type` enum picks the right variant.
 */
export function withoutDiscriminators(doc: unknown): unknown {
  if (Array.isArray(doc)) return doc.map(withoutDiscriminators);
  if (typeof doc !== 'object' || doc === null) return doc;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'discriminator' && Array.isArray((doc as Record<string, unknown>).oneOf)) continue;
    out[key] = withoutDiscriminators(value);
  }
  return out;
}

/** A copy of the Rust crate with a client generated from the 3.0 file `input`, in a fresh folder. */
export async function rustWorkspace(work: string, input: string): Promise<void> {
  cpSync(RUST_DIR, work, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  const prepared = join(work, 'openapi-3.0-rust.json');
  writeFileSync(prepared, JSON.stringify(withoutDiscriminators(JSON.parse(readFileSync(input, 'utf8')))));
  await generateRustClient(prepared, join(work, 'client'));
}

/**
 * Not `--locked`: the crates the generated client needs follow the description (a `uuid` format
 * brings the uuid crate, and so on). Cargo.lock keeps every crate it names at its version and
 * only adds what a new construct needs.
 */
export const cargoBuild = (work: string) => run('cargo', ['build'], { cwd: work, env: rustEnv(), timeoutMs: 20 * 60_000 });

/** Compiles the crates once, against a client generated from the matrix's 3.0 file. */
export function ensureRust(): Promise<boolean> {
  const pin = fileSha(join(RUST_DIR, 'Cargo.lock')) + PINS.openapiGenerator;
  return ensure('rust', join(CACHE, 'rust', 'stamp'), pin, async () => {
    await ensureOpenapiGenerator();
    mkdirSync(join(CACHE, 'rust'), { recursive: true });
    const work = mkdtempSync(join(tmpdir(), 'onedev-rust-install-'));
    try {
      await rustWorkspace(work, descriptionFiles().v30);
      await cargoBuild(work);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

/** Every toolchain, one after another (2 cores: parallel installs only fight over them). */
export async function installAll(log: (line: string) => void = () => {}): Promise<Record<string, number>> {
  const times: Record<string, number> = {};
  for (const [name, install] of [
    ['node', ensureNodeTools],
    ['python', ensurePython],
    ['openapi-generator', ensureOpenapiGenerator],
    ['go', ensureGo],
    ['rust', ensureRust],
  ] as const) {
    const start = Date.now();
    const installed = await install();
    times[name] = Date.now() - start;
    log(`${name}: ${installed ? 'installed' : 'already installed'} in ${(times[name] / 1000).toFixed(1)} s`);
  }
  return times;
}
