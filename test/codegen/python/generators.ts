/**
 * The Python generators: openapi-python-client (PyPI) and openapi-generator's `python` (the jar
 * from Maven Central). Both run in the venv test/codegen/python/requirements.txt pins.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Generator } from '../generator.js';
import { CACHE, PYTHON_DIR, ensureOpenapiGenerator, ensurePython, openapiGenerate, run, venvBin } from '../toolchain.js';

const python = (work: string, args: string[], timeoutMs = 5 * 60_000) =>
  run(venvBin('python'), args, { cwd: work, env: { PYTHONPATH: work, PYTHONDONTWRITEBYTECODE: '1' }, timeoutMs });

const mypy = (work: string, args: string[]) =>
  python(work, ['-m', 'mypy', '--cache-dir', join(CACHE, 'python', 'mypy-cache'), '--no-error-summary', ...args], 10 * 60_000);

/**
 * Module paths (prefixes) where openapi-python-client 0.29.1 writes code that does not type-check, and why. Trigger
 * Job takes its job parameters as a free-form query object the description names `params` (the
 * name never goes on the wire); the generator keeps its own query dictionary in a variable of the
 * same name, so that function loses the job parameters. Renaming the parameter would avoid it.
 */
export const KNOWN_SLIPS: Record<string, string> = {
  // Trigger Job via GET and via POST.
  'onedev_client/api/trigger_job/trigger_job_trigger_job_via_': 'a query parameter named `params` shadows the generated query dictionary',
};

export const pythonGenerators: Generator[] = [
  {
    name: 'openapi-python-client',
    language: 'Python',
    program: join(PYTHON_DIR, 'programs/openapi_python_client'),
    // 3.1: it reads type arrays and `oneOf [X, null]` as `X | None`.
    file: 'v31',
    install: ensurePython,
    async generate(work, files) {
      // No post hooks: they would run ruff, which the venv does not need.
      writeFileSync(join(work, 'config.yml'), 'package_name_override: onedev_client\npost_hooks: []\n');
      const { stdout, stderr } = await run(
        venvBin('openapi-python-client'),
        ['generate', '--path', files.v31, '--output-path', join(work, 'onedev_client'), '--meta', 'none', '--config', 'config.yml'],
        { cwd: work },
      );
      // It generates what it can and only warns about the rest: any warning is a failure here.
      if (/warning/i.test(stdout + stderr)) throw new Error(`openapi-python-client warned:\n${stdout}\n${stderr}`);
    },
    async build(work) {
      // The generated package is typed: mypy --strict over it and the program. The only errors
      // allowed are the generator's own, in the modules KNOWN_SLIPS names (docs/codegen.md).
      const found = await mypy(work, ['--strict', 'main.py', 'onedev_client']).then(
        () => '',
        (error: Error) => error.message,
      );
      const errors = found.split('\n').filter((line) => /: error: /.test(line));
      const unexplained = errors.filter((line) => !Object.keys(KNOWN_SLIPS).some((module) => line.startsWith(module)));
      if (unexplained.length > 0 || (found && errors.length === 0)) throw new Error(`mypy --strict:\n${unexplained.join('\n') || found}`);
    },
    async run(work, baseUrl, title) {
      return (await python(work, ['main.py', baseUrl, title], 2 * 60_000)).stdout;
    },
  },
  {
    name: 'openapi-generator python',
    language: 'Python',
    program: join(PYTHON_DIR, 'programs/openapi_generator'),
    file: 'v30',
    install: () => Promise.all([ensurePython(), ensureOpenapiGenerator()]),
    async generate(work, files) {
      await openapiGenerate(
        'python',
        files.v30,
        join(work, 'client'),
        ['--package-name', 'onedev_og'],
        { cwd: work, timeoutMs: 5 * 60_000 },
      );
    },
    async build(work) {
      const pkg = join(work, 'client');
      // Every generated module byte-compiles; the program type-checks against them. mypy over the
      // package itself reports the generator's own template slips (docs/codegen.md lists them).
      await run(venvBin('python'), ['-m', 'compileall', '-q', 'onedev_og'], { cwd: pkg });
      await run(
        venvBin('python'),
        ['-m', 'mypy', '--cache-dir', join(CACHE, 'python', 'mypy-cache'), '--follow-imports=silent', '--strict', join(work, 'main.py')],
        { cwd: work, env: { MYPYPATH: pkg } },
      );
    },
    async run(work, baseUrl, title) {
      const { stdout } = await run(venvBin('python'), ['main.py', baseUrl, title], {
        cwd: work,
        env: { PYTHONPATH: join(work, 'client'), PYTHONDONTWRITEBYTECODE: '1' },
        timeoutMs: 2 * 60_000,
      });
      return stdout;
    },
  },
];
