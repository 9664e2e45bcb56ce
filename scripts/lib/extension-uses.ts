/**
 * Every `x-onedev-*` extension a description carries, with the kind of object it sits on (the
 * places of src/extensions.ts) and its value. docs/extensions.md takes its examples from here, and
 * the tests hold the built descriptions to the contract with it: no name it lacks, no place it
 * does not list. Works on 3.1, 3.0 and dereferenced descriptions alike.
 */
import type { ExtensionPlace } from '../../src/extensions.js';
import { HTTP_METHODS } from './openapi.js';

export interface ExtensionUse {
  name: string;
  /** Undefined: on an object the contract has no place for. */
  place: ExtensionPlace | undefined;
  /** JSON pointer of the object that carries it, e.g. `#/paths/~1pulls/get`. */
  pointer: string;
  value: unknown;
}

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

const escape = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** The place an object at `path` is, by the keys that lead to it. */
export function placeOf(path: readonly string[]): ExtensionPlace | undefined {
  const [first, second, third, fourth, fifth] = path;
  // A key named like a keyword is a property's name when it follows `properties`.
  const keyword = (name: string) => path.some((segment, i) => segment === name && path[i - 1] !== 'properties');
  // Inside an example is inside a value, which no extension describes.
  if (keyword('example') || keyword('examples')) return undefined;
  // A schema anywhere: dereferenced descriptions inline them under operations.
  if ((first === 'components' && second === 'schemas' && path.length >= 3) || keyword('schema')) return 'schema';
  if (path.length === 0) return 'document root';
  if (first === 'info' && path.length === 1) return 'info';
  if (first === 'components') {
    if (path.length !== 3) return undefined;
    return ({ parameters: 'parameter', requestBodies: 'request body', responses: 'response' } as const)[second as string];
  }
  const hook = first === 'webhooks';
  if ((first !== 'paths' && !hook) || third === undefined) return undefined;
  if (path.length === 4 && third === 'parameters') return hook ? undefined : 'parameter';
  if (!METHODS.has(third)) return undefined;
  if (path.length === 3) return hook ? 'web hook operation' : 'operation';
  if (path.length === 5 && fourth === 'parameters') return hook ? 'web hook header' : 'parameter';
  if (hook) return undefined;
  if (path.length === 4 && fourth === 'requestBody') return 'request body';
  if (path.length === 5 && fourth === 'responses' && fifth !== undefined) return 'response';
  return undefined;
}

/** The uses in document order. An extension's value is data, not part of the description: not searched. */
export function extensionUses(doc: unknown): ExtensionUse[] {
  const uses: ExtensionUse[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, [...path, String(i)]));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-onedev-')) uses.push({ name: key, place: placeOf(path), pointer: `#${path.map((s) => `/${escape(s)}`).join('')}`, value });
      else if (!key.startsWith('x-')) visit(value, [...path, key]);
    }
  };
  visit(doc, []);
  return uses;
}
