import type { ParameterObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** What a query field accepts on the wire: a string (lists are comma lists or repeated parameters), maybe one of some values or matching a pattern. */
function wireSchema(schema: z.ZodTypeAny): SchemaObject {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  switch (def.typeName) {
    case 'ZodEffects':
      return wireSchema(def.schema as z.ZodTypeAny);
    case 'ZodPipeline':
      return wireSchema(def.in as z.ZodTypeAny);
    case 'ZodCatch':
    case 'ZodDefault':
    case 'ZodOptional':
    case 'ZodNullable':
      return wireSchema(def.innerType as z.ZodTypeAny);
    case 'ZodEnum':
      return { type: 'string', enum: [...(def.values as string[])] };
    case 'ZodString': {
      const regex = (def.checks as { kind: string; regex?: RegExp }[]).find((check) => check.kind === 'regex')?.regex;
      return regex ? { type: 'string', pattern: regex.source } : { type: 'string' };
    }
    case 'ZodNumber':
      return { type: 'number' };
    default:
      return { type: 'string' };
  }
}

/** The description nearest the field (a list's `.describe()` survives the `.pipe()` and `.transform()` wrapped around it). */
function descriptionOf(schema: z.ZodTypeAny): string | undefined {
  if (schema.description) return schema.description;
  const def = schema._def as Record<string, unknown>;
  const inner = (def.schema ?? def.in ?? def.innerType) as z.ZodTypeAny | undefined;
  return inner ? descriptionOf(inner) : undefined;
}

/** The value a field takes when absent, as it would be written in the query (a list as a comma list); none when absent is refused or means "none". */
function defaultOf(schema: z.ZodTypeAny): string | number | undefined {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success) return undefined;
  const value: unknown = parsed.data;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) return value.join(',');
  return undefined;
}

interface Field {
  schema: z.ZodTypeAny;
  /** Refused when absent in every shape the query may take. */
  required: boolean;
}

/** The object fields a query schema reads, through its preprocessing, pipes, intersections and unions. */
function fieldsOf(schema: z.ZodTypeAny): Map<string, Field> {
  const def = schema._def as { typeName: string } & Record<string, unknown>;
  switch (def.typeName) {
    case 'ZodEffects':
      return fieldsOf(def.schema as z.ZodTypeAny);
    case 'ZodPipeline':
      return fieldsOf(def.in as z.ZodTypeAny);
    case 'ZodIntersection':
      return new Map([...fieldsOf(def.left as z.ZodTypeAny), ...fieldsOf(def.right as z.ZodTypeAny)]);
    case 'ZodObject': {
      const shape = (schema as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      return new Map(Object.entries(shape).map(([name, field]) => [name, { schema: field, required: !field.safeParse(undefined).success }]));
    }
    case 'ZodDiscriminatedUnion': {
      // The discriminator is set by the schema's own preprocessing, not by the caller.
      const options = (def.options as z.AnyZodObject[]).map((option) => fieldsOf(option));
      const merged = new Map<string, Field>();
      for (const option of options) {
        for (const [name, field] of option) {
          if (name === def.discriminator) continue;
          const everywhere = options.every((other) => other.get(name)?.required);
          merged.set(name, { schema: merged.get(name)?.schema ?? field.schema, required: everywhere });
        }
      }
      return merged;
    }
    default:
      return new Map();
  }
}

/**
 * OpenAPI query parameters read from the zod schema a route validates its query with, so the
 * documentation cannot drift from the DTO: names, whether absent is refused, defaults and enumerations all come from it.
 */
export function queryParameters(schema: z.ZodTypeAny): ParameterObject[] {
  return [...fieldsOf(schema)].map(([name, field]) => {
    const fallback = defaultOf(field.schema);
    const description = descriptionOf(field.schema);
    return {
      name,
      in: 'query',
      required: field.required,
      ...(description ? { description } : {}),
      schema: { ...wireSchema(field.schema), ...(fallback !== undefined ? { default: fallback } : {}) },
    };
  });
}
