#!/usr/bin/env node
/**
 * `onedev-openapi <tool> [options]`: the package's one command. Each tool parses its own options
 * (scripts/<tool>.ts, compiled to dist/scripts/); this file only picks the tool and tells it the
 * name it was started by (for its help), so the command line is parsed in one place, and loads
 * nothing else, so the mock starts as fast as it would on its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const TOOLS = {
  mock: 'serve the contract mock on 127.0.0.1 (--port, --release <any tag>, --quiet)',
  verify: "check a live OneDev server against the description of the release it reports (--server, --user, --token)",
  diff: 'list the changes between two descriptions; exit 1 if any can break a client',
  describe: "write any OneDev tag's description files offline: 3.1, 3.0, dereferenced, types (--release, --out)",
  docs: "write any OneDev tag's HTML reference (--release, --out, --serve)",
};

const USAGE = [
  'Usage: onedev-openapi <tool> [options]   (onedev-openapi <tool> --help for its options)',
  ...Object.entries(TOOLS).map(([name, what]) => `  ${name.padEnd(10)}${what}`),
].join('\n');

const tool = process.argv[2];
if (tool === undefined || tool === '--help' || tool === '-h') {
  (tool === undefined ? console.error : console.log)(USAGE);
  process.exit(tool === undefined ? 2 : 0);
}
if (tool === '--version' || tool === '-v') {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  console.log(version);
  process.exit(0);
}
if (!Object.hasOwn(TOOLS, tool)) {
  console.error(`Unknown tool "${tool}"\n${USAGE}`);
  process.exit(2);
}
// The tools are compiled code: a clone of the repository has them only after its build.
const cli = new URL('../dist/scripts/lib/cli.js', import.meta.url);
const program = new URL(`../dist/scripts/${tool}.js`, import.meta.url);
const missing = [cli, program].find((file) => !existsSync(fileURLToPath(file)));
if (missing) {
  console.error(
    `onedev-openapi ${tool}: the compiled tools are missing (${fileURLToPath(missing)} does not exist).\n` +
      'In a clone of the repository, build them first: npm run build:package\n' +
      `(or run the tool from the sources: npm run ${tool} -- <options>)`,
  );
  process.exit(2);
}
// The tool reads its options from process.argv, as when it runs on its own.
process.argv.splice(2, 1);
// Named before the tool loads: its usage text is built when its module runs.
const { setCommandName } = await import(cli.href);
setCommandName(`onedev-openapi ${tool}`);
await import(program.href);
