/**
 * Installs every pinned generator and toolchain piece of the code-generation matrix (when
 * missing) and prints how long each took. `.ci/run` calls this before `npm test`; the tests call
 * the same functions, so running it first is optional. Usage: npx tsx test/codegen/install.ts
 */
import { CACHE, installAll } from './toolchain.js';

const start = Date.now();
console.log(`code-generation toolchains, cache ${CACHE}`);
await installAll((line) => console.log(`  ${line}`));
console.log(`  all: ${((Date.now() - start) / 1000).toFixed(1)} s`);
