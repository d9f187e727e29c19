/**
 * Owns turning a route's answer into JSON. In development and tests every answer is checked
 * against its contract's zod schema (a mismatch is a 500 that names the route), as
 * fastify-type-provider-zod does. In production an answer whose schema only describes plain JSON
 * (objects, arrays, strings, numbers, booleans, null, literals, enums, nullable and optional
 * fields) is written by a serializer compiled once from the schema (fast-json-stringify): it keeps
 * only the schema's fields, as zod's parse does, without checking every value again. Any schema
 * that changes what it parses (transforms, defaults, catch, trimming…) or that the compiled
 * serializer could not write the same way (unions, dates, tuples, lazy, loose objects) keeps the
 * zod path in production too. See ADR 035.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The JSON Schema subset the compiled serializer is given (draft 7 keywords only). */
export type PlainJsonSchema = {
  type?: string | string[];
  properties?: Record<string, PlainJsonSchema>;
  additionalProperties?: boolean | PlainJsonSchema;
  items?: PlainJsonSchema;
};

/**
 * Whether zod's output may differ from its input here: checks that rewrite the value (trim,
 * toLowerCase, normalize…) or coercion (`z.coerce.*`).
 */
const changesValue = (schema: z.core.$ZodType): boolean =>
  (schema._zod.def as { coerce?: boolean }).coerce === true ||
  (schema._zod.def.checks ?? []).some((c) => c._zod.def.check === 'overwrite');

const primitiveType = (values: readonly unknown[]): string | undefined => {
  const types = new Set(values.map((v) => typeof v));
  if (types.size !== 1) return undefined;
  const [type] = [...types];
  return type === 'string' || type === 'number' || type === 'boolean' ? type : undefined;
};

/**
 * The JSON Schema of a zod schema whose parse output is its input minus unknown object keys, or
 * undefined when the schema is anything else (then zod writes the answer).
 */
export function plainJsonSchemaOf(schema: z.core.$ZodType): PlainJsonSchema | undefined {
  if (changesValue(schema)) return undefined;
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      // Not "integer": the compiled serializer would round a fraction, zod would refuse it.
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'unknown':
    case 'any':
      return {};
    case 'literal': {
      const type = primitiveType((def as z.core.$ZodLiteralDef<z.core.util.Literal>).values);
      return type ? { type } : undefined;
    }
    case 'enum': {
      const type = primitiveType(Object.values((def as z.core.$ZodEnumDef).entries));
      return type ? { type } : undefined;
    }
    case 'array': {
      const items = plainJsonSchemaOf((def as z.core.$ZodArrayDef).element);
      return items ? { type: 'array', items } : undefined;
    }
    case 'nullable': {
      const inner = plainJsonSchemaOf((def as z.core.$ZodNullableDef).innerType);
      if (!inner || inner.type === undefined) return undefined;
      const types = Array.isArray(inner.type) ? inner.type : [inner.type];
      return { ...inner, type: types.includes('null') ? types : [...types, 'null'] };
    }
    case 'object': {
      const object = def as z.core.$ZodObjectDef;
      // Loose and strict objects (a catchall) are not "strip unknown keys".
      if (object.catchall !== undefined) return undefined;
      // No "required": fast-json-stringify would write required fields first, zod writes the
      // shape's order (and a missing field is zod's check, which production leaves out).
      const properties: Record<string, PlainJsonSchema> = {};
      for (const [key, field] of Object.entries(object.shape)) {
        let inner = field;
        if (inner._zod.def.type === 'optional') {
          if (changesValue(inner)) return undefined;
          inner = (inner._zod.def as z.core.$ZodOptionalDef).innerType;
        }
        const property = plainJsonSchemaOf(inner);
        if (!property) return undefined;
        properties[key] = property;
      }
      return { type: 'object', properties, additionalProperties: false };
    }
    case 'record': {
      const record = def as z.core.$ZodRecordDef;
      if (record.keyType._zod.def.type !== 'string' || changesValue(record.keyType)) return undefined;
      const values = plainJsonSchemaOf(record.valueType);
      return values ? { type: 'object', additionalProperties: values } : undefined;
    }
    default:
      return undefined;
  }
}

/** The compiled serializer of a response schema, or undefined when zod must write it. */
export function compiledSerializerOf(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.core.$ZodType)) return undefined;
  const json = plainJsonSchemaOf(schema);
  if (!json || json.type === undefined) return undefined;
  // fast-json-stringify's schema type is its own JSON Schema type; PlainJsonSchema is a subset of it.
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** The serializer compiler: zod's checked one, or (validate false) compiled where the schema allows. */
export function responseSerializerCompiler(opts: { validate: boolean }): FastifySerializerCompiler<unknown> {
  const zod = zodSerializerCompiler as FastifySerializerCompiler<unknown>;
  if (opts.validate) return zod;
  return (route) => compiledSerializerOf(route.schema) ?? zod(route);
}
