/** Issue #3's checks: examples, families, and OneDev-shaped responses, with ajv 2020-12. */
import { describe, expect, it } from 'vitest';
import type { OpenAPIObject, ParameterObject } from 'openapi3-ts/oas31';
import { SUPPORTED_RELEASES, committedDocument, operationsOf, resolveRef } from '../helpers.js';
import { createValidator, errorsOf } from '../support/ajv.js';
import { sample, type SampleMode } from '../support/sample.js';

// Every supported release gets the same checks.
describe.each(SUPPORTED_RELEASES)('%s', (release) => {
  const doc: OpenAPIObject = committedDocument(release);
  const validator = createValidator(doc);
  const ops = operationsOf(doc);
  const schemas = doc.components!.schemas! as Record<string, any>;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  /** Every (media-type schema, example) pair the document holds. */
  function mediaExamples() {
    const pairs: Array<{ where: string; schema: unknown; value: unknown }> = [];
    for (const { operation } of ops) {
      const bodies: Array<[string, any]> = [];
      const body = operation.requestBody as any;
      if (body?.content) bodies.push([`${operation.operationId} request`, body.content]);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const resolved = resolveRef<any>(doc, response);
        if (resolved.content) bodies.push([`${operation.operationId} ${status}`, resolved.content]);
      }
      for (const [where, content] of bodies) {
        for (const [type, media] of Object.entries<any>(content)) {
          if (media.example !== undefined) pairs.push({ where: `${where} ${type}`, schema: media.schema, value: media.example });
          for (const [name, example] of Object.entries<any>(media.examples ?? {})) {
            pairs.push({ where: `${where} ${type} example ${name}`, schema: media.schema, value: resolveRef<any>(doc, example).value });
          }
        }
      }
    }
    return pairs;
  }

  describe('examples', () => {
    it('every JSON request body and 2xx JSON response has an example component', () => {
      const missing: string[] = [];
      for (const { operation } of ops) {
        const body = (operation.requestBody as any)?.content?.['application/json'];
        if (body && !body.examples && body.example === undefined) missing.push(`${operation.operationId} request`);
        for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
          const json = response.content?.['application/json'];
          // A bare-text answer shows its literal text, as raw-text bodies do; JSON answers name an example component.
          const shown = response['x-onedev-raw-text'] ? json?.example !== undefined : json?.examples?.default?.$ref;
          if (status.startsWith('2') && json && !shown) missing.push(`${operation.operationId} ${status}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('every media-type example validates against its schema (0 invalid)', () => {
      const pairs = mediaExamples();
      expect(pairs.length).toBeGreaterThan(150);
      const invalid = pairs.flatMap(({ where, schema, value }) => {
        const validate = validator.compile(schema);
        return validate(value) ? [] : [`${where}: ${errorsOf(validate).join('; ')}`];
      });
      expect(invalid).toEqual([]);
    });

    it('every schema-level example and parameter example validates (0 invalid)', () => {
      const invalid: string[] = [];
      let count = 0;
      for (const [name, schema] of Object.entries(schemas)) {
        for (const value of schema.examples ?? []) {
          count++;
          const validate = validator.compile(ref(name));
          if (!validate(value)) invalid.push(`${name}: ${errorsOf(validate).join('; ')}`);
        }
      }
      for (const [name, param] of Object.entries(doc.components!.parameters! as Record<string, ParameterObject>)) {
        count++;
        const validate = validator.compile(param.schema);
        if (!validate(param.example)) invalid.push(`parameter ${name}: ${errorsOf(validate).join('; ')}`);
      }
      expect(count).toBeGreaterThan(100);
      expect(invalid).toEqual([]);
    });

    it('the validator does reject a broken example', () => {
      const validate = validator.compile(ref('PullRequest'));
      const broken = { ...(schemas.PullRequest.examples?.[0] ?? resolveRef<any>(doc, { $ref: '#/components/examples/PullRequest' }).value) };
      broken.status = 'CLOSED';
      expect(validate(broken)).toBe(false);
    });
  });

  const families = Object.entries(schemas).filter(([, s]) => s.discriminator);

  describe('polymorphic families', () => {
    it('there are families, each a oneOf with a discriminator mapping every member', () => {
      expect(families.length).toBeGreaterThanOrEqual(20);
      for (const [name, family] of families) {
        expect(family.properties, name).toBeUndefined();
        expect(Object.values(family.discriminator.mapping).sort(), name).toEqual(family.oneOf.map((m: any) => m.$ref).sort());
      }
    });

    describe.each(families)('%s', (name, family) => {
      const property: string = family.discriminator.propertyName;
      const validate = validator.compile(ref(name));
      const members = Object.entries<string>(family.discriminator.mapping);

      it.each(members)('member %s: its example validates, and fails without or with a wrong discriminator', (value, target) => {
        const member = schemas[target.split('/').pop()!];
        expect(member.properties[property]).toMatchObject({ const: value });
        const examples: any[] = member.examples ?? [];
        expect(examples.length, `${target} needs an example`).toBeGreaterThan(0);
        for (const example of examples) {
          expect(validate(example), errorsOf(validate).join('; ')).toBe(true);
          const { [property]: _dropped, ...without } = example;
          expect(validate(without)).toBe(false);
          expect(validate({ ...example, [property]: `${value}Nope` })).toBe(false);
          expect(validate({ ...example, [property]: value.toLowerCase() })).toBe(false);
        }
      });
    });
  });

  describe('OneDev-shaped responses', () => {
    const jsonResponses = ops.flatMap(({ operation }) => {
      const json = (operation.responses?.['200'] as any)?.content?.['application/json'];
      return json ? [{ id: operation.operationId!, schema: json.schema }] : [];
    });

    it('covers the operations that answer JSON (at least every JSON read of the seed groups)', () => {
      // A floor, so the checks below can never pass by having nothing to check.
      expect(jsonResponses.length).toBeGreaterThan(60);
    });

    it.each(['nulls', 'full'] as SampleMode[])('every field present (%s) validates against each response schema', (mode) => {
      const invalid = jsonResponses.flatMap(({ id, schema }) => {
        const value = sample(doc, schema, mode);
        const validate = validator.compile(schema);
        return validate(value) ? [] : [`${id}: ${errorsOf(validate).slice(0, 3).join('; ')}`];
      });
      expect(invalid).toEqual([]);
    });

    it('a response missing a property is refused (responses list every property)', () => {
      const value = sample(doc, ref('Build'), 'full') as Record<string, unknown>;
      delete value.status;
      expect(validator.compile(ref('Build'))(value)).toBe(false);
    });
  });

  describe('schema rules', () => {
    const walk = (node: unknown, visit: (n: any, path: string) => void, path = '') => {
      if (!node || typeof node !== 'object') return;
      visit(node, path);
      for (const [k, v] of Object.entries(node)) walk(v, visit, `${path}/${k}`);
    };

    it('ids are int64 and read-only; every *Id reference of a record is int64', () => {
      const bad: string[] = [];
      // Records: schemas with an `id`, and their request variants (OAuth `clientId`s are not references).
      const records = Object.entries(schemas).filter(([name, s]) => s.properties?.id || schemas[name.replace(/(Create|Update)$/, '')]?.properties?.id);
      expect(records.length).toBeGreaterThan(30);
      for (const [name, schema] of records) {
        for (const [prop, p] of Object.entries<any>(schema.properties ?? {})) {
          const types = Array.isArray(p.type) ? p.type : [p.type];
          // Responses mark `id` read-only; request variants accept it and say the server ignores it.
          const request = /shape of an? (create|update) request/.test(schema.description ?? '');
          const idOk = p.format === 'int64' && (request ? !p.readOnly && /ignored/.test(p.description) : p.readOnly === true);
          if (prop === 'id' && !idOk) bad.push(`${name}.id`);
          // `messageId` (v16.3.0 comments) is an email's Message-ID header, not a record reference.
          const reference = /Id$/.test(prop) && prop !== 'messageId';
          if (reference && !(types.includes('integer') && p.format === 'int64')) bad.push(`${name}.${prop}`);
        }
      }
      expect(bad).toEqual([]);
    });

    it('nullable enums list null among their values; no anyOf anywhere; no properties beside a oneOf', () => {
      const bad: string[] = [];
      walk(doc, (n, path) => {
        if (n.enum && Array.isArray(n.type) && n.type.includes('null') && !n.enum.includes(null)) bad.push(`${path}: nullable enum without null`);
        if (n.anyOf) bad.push(`${path}: anyOf`);
        if (n.oneOf && n.properties) bad.push(`${path}: properties beside oneOf`);
      });
      expect(bad).toEqual([]);
    });

    it('dates are date-time strings', () => {
      const bad: string[] = [];
      for (const [name, schema] of Object.entries(schemas)) {
        for (const [prop, p] of Object.entries<any>(schema.properties ?? {})) {
          // `date` itself or a camel-case `...Date` (so TagProtection's `preventUpdate` is not a date).
          if (/(^date|Date)$/.test(prop) && p.format !== 'date-time' && !(p.oneOf || p.$ref)) bad.push(`${name}.${prop}`);
        }
      }
      expect(bad).toEqual([]);
    });

    it('create bodies require what the server needs; update bodies require nothing and refuse unknown properties', () => {
      const creates = Object.entries(schemas).filter(([n]) => n.endsWith('Create'));
      const updates = Object.entries(schemas).filter(([n]) => n.endsWith('Update') && n !== 'PullRequestUpdate');
      expect(creates.length).toBeGreaterThan(10);
      for (const [name, s] of creates) {
        expect(s.additionalProperties, name).toBe(false);
        // Clients post back what they read: `id` is accepted (and ignored), never required.
        if (s.properties.id) expect(s.required ?? [], name).not.toContain('id');
      }
      for (const [name, s] of updates) {
        expect(s.required, name).toBeUndefined();
        expect(s.additionalProperties, name).toBe(false);
      }
      expect(schemas.SshKeyCreate.required).toEqual(['content', 'ownerId']);
      // What a client read can be posted back as an update: `id` included, unknown names still refused.
      const withId = updates.filter(([name]) => schemas[name.replace(/Update$/, '')]?.properties?.id);
      expect(withId.length).toBeGreaterThan(5);
      for (const [name] of withId) {
        const validate = validator.compile(ref(name));
        expect(validate({ id: 12 }), `${name} with id`).toBe(true);
        expect(validate({ id: 12, noSuchProperty: 1 }), `${name} with an unknown property`).toBe(false);
      }
    });
  });
});
