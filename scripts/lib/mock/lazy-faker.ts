/**
 * Import this before anything that loads @stoplight/prism-http.
 *
 * prism-http loads @faker-js/faker at start-up (about 1.8 s: every locale) and hands it to
 * json-schema-faker, yet only uses it for dynamic, schema-generated answers; the mock answers
 * with the description's examples. So faker's cache entry starts as a stand-in whose `default`
 * is a proxy that loads the real module on first use (`Prefer: dynamic=true` still works).
 */
import { createRequire, Module } from 'node:module';

const requireFromPrism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
const fakerPath = requireFromPrism.resolve('@faker-js/faker');

if (!requireFromPrism.cache[fakerPath]) {
  let real: object | undefined;
  const load = (): object => {
    if (!real) {
      delete requireFromPrism.cache[fakerPath];
      real = (requireFromPrism(fakerPath) as { default: object }).default;
    }
    return real;
  };
  const standIn = new Module(fakerPath);
  standIn.filename = fakerPath;
  standIn.loaded = true;
  standIn.exports = {
    default: new Proxy(
      {},
      {
        get: (_target, key) => Reflect.get(load(), key),
        has: (_target, key) => Reflect.has(load(), key),
      },
    ),
  };
  requireFromPrism.cache[fakerPath] = standIn;
}
