import { z } from 'zod';
import { kinds } from './registry.ts';

type JsonSchema = Record<string, unknown>;

const REF_PREFIX = '#/components/schemas/';
const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());

/** zod writes ±MAX_SAFE_INTEGER bounds on every z.int(): noise in a document people read. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (!value || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    if (key === '$schema' || key === '$id') continue;
    out[key] = tidy(v);
  }
  return out;
}

const toSchema = (schema: z.ZodType) =>
  tidy(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' })) as JsonSchema;

/** A nullable reference to a named schema, or the schema inline when it has no name (uptime's null audits). */
function nullableRef(schema: z.ZodType): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) return toSchema(schema);
  return { oneOf: [{ type: 'null' }, { $ref: `${REF_PREFIX}${id}` }] };
}

/**
 * The OpenAPI components generated from the kinds' zod schemas: each named result and audits schema,
 * `TestType`, `Test` as a oneOf of one variant per kind, told apart by its `type`, and `Comparison` the
 * same way. The rest of a test (`TestBase`) and of a comparison (`ComparisonBase`) is written by hand.
 */
export function resultSchemas(): Record<string, JsonSchema> {
  // Every schema the kinds named (`.meta({ id })`), each referring to the others as components.
  const named = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    uri: (id: string) => `${REF_PREFIX}${id}`,
  });
  const schemas = tidy(named.schemas) as Record<string, JsonSchema>;
  for (const kind of kinds) {
    schemas[`${pascal(kind.name)}Test`] = {
      description: `A test of type ${kind.name} (${kind.title}).`,
      allOf: [
        { $ref: `${REF_PREFIX}TestBase` },
        {
          type: 'object',
          properties: {
            type: { const: kind.name },
            result: { ...nullableRef(kind.result), description: 'Null until the test completes.' },
            audits: nullableRef(kind.audits),
          },
        },
      ],
    };
  }
  for (const kind of kinds) {
    schemas[`${pascal(kind.name)}Comparison`] = {
      description: `Two ${kind.name} tests compared.`,
      allOf: [
        { $ref: `${REF_PREFIX}ComparisonBase` },
        {
          type: 'object',
          properties: {
            type: { const: kind.name },
            deltas: { $ref: `${REF_PREFIX}${z.globalRegistry.get(kind.comparison.schema)?.id}` },
          },
        },
      ],
    };
  }
  schemas.Comparison = {
    description: 'Two tests of one type compared; `type` tells the shape of `deltas`.',
    oneOf: kinds.map((kind) => ({ $ref: `${REF_PREFIX}${pascal(kind.name)}Comparison` })),
  };
  schemas.Test = {
    description: 'A test; `type` tells which of the variants it is, and so the shape of its `result` and `audits`.',
    oneOf: kinds.map((kind) => ({ $ref: `${REF_PREFIX}${pascal(kind.name)}Test` })),
  };
  schemas.TestType = { type: 'string', enum: kinds.map((k) => k.name) };
  schemas.CreditCosts = {
    type: 'object',
    description: 'Credits one test of each type costs on this plan.',
    additionalProperties: false,
    required: kinds.map((k) => k.name),
    properties: Object.fromEntries(kinds.map((k) => [k.name, { type: 'integer', minimum: 0 }])),
  };
  return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
}
