import type { ParameterObject, SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

type Json = SchemaObject & Record<string, unknown>;

/**
 * Refused when absent: what the schema does with `undefined`, not its declared optionality (a field with its own
 * refusal, `withApiError`, is optional to zod so that its message is the answer, yet absent is refused all the same).
 */
const refusesAbsent = (field: z.ZodType) => !field.safeParse(undefined).success;

/**
 * The value a field read by a transform takes when absent, as it would be written (a list as a comma list); none when
 * absent is refused or means "none". A `.default()` is in the JSON Schema already.
 */
function absentValue(field: z.ZodType): string | number | undefined {
  const parsed = field.safeParse(undefined);
  if (!parsed.success) return undefined;
  const value: unknown = parsed.data;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) return value.join(',');
  return undefined;
}

/** Corrects what zod 4 cannot know from a schema's declaration alone: see `refusesAbsent`, `absentValue`, `withApiError`. */
function override(
  io: 'input' | 'output',
  { zodSchema, jsonSchema }: { zodSchema: z.core.$ZodTypes; jsonSchema: Record<string, unknown> },
): void {
  const def = zodSchema._zod.def;
  // An answer may gain fields without a new version of the API: clients ignore those they do not know.
  if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  // withApiError's catch holds a marker for "failed", not a value a caller may send
  if (def.type === 'catch' && typeof jsonSchema.default === 'symbol') delete jsonSchema.default;
  if (def.type !== 'object') return;
  const fields = Object.entries(def.shape) as Array<[string, z.ZodType]>;
  const required = fields.filter(([, field]) => refusesAbsent(field)).map(([name]) => name);
  if (required.length) jsonSchema.required = required;
  else delete jsonSchema.required;
  if (io === 'output') return;
  const properties = (jsonSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, field] of fields) {
    const property = properties[name];
    if (!property || 'default' in property || typeof property.type !== 'string') continue;
    const value = absentValue(field);
    if (value !== undefined && typeof value === (property.type === 'string' ? 'string' : 'number'))
      property.default = value;
  }
}

/**
 * The OpenAPI 3.0 schema of what `schema` takes (`input`: the request as sent, before transforms) or gives (`output`),
 * by zod 4's own converter. A field read by a transform alone (`z.unknown().transform(...)`) is any value unless its
 * DTO says more with `.meta()`.
 */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): SchemaObject {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'openapi-3.0',
    unrepresentable: 'any',
    override: (ctx) => override(io, ctx),
    reused: 'inline',
  }) as Json;
  delete json.$schema;
  return json;
}

/** The properties a query schema reads, merged through intersections (allOf) and variants (oneOf). */
function queryFields(json: Json): Map<string, { schema: Json; required: boolean }> {
  const fields = new Map<string, { schema: Json; required: boolean }>();
  if (Array.isArray(json.allOf)) {
    for (const part of json.allOf as Json[]) for (const [name, field] of queryFields(part)) fields.set(name, field);
    return fields;
  }
  if (Array.isArray(json.oneOf) || Array.isArray(json.anyOf)) {
    const options = ((json.oneOf ?? json.anyOf) as Json[]).map(queryFields);
    for (const option of options) {
      for (const [name, field] of option) {
        // The discriminator: one fixed value per variant, set by the schema's own preprocessing, never by the caller.
        const fixed = options.every((other) => (other.get(name)?.schema.enum as unknown[] | undefined)?.length === 1);
        if (fixed) continue;
        const everywhere = options.every((other) => other.get(name)?.required);
        fields.set(name, { schema: fields.get(name)?.schema ?? field.schema, required: everywhere });
      }
    }
    return fields;
  }
  const required = new Set(json.required ?? []);
  for (const [name, schema] of Object.entries((json.properties ?? {}) as Record<string, Json>))
    fields.set(name, { schema, required: required.has(name) });
  return fields;
}

/**
 * OpenAPI query parameters from the zod schema a route validates its whole query with: names, whether absent is
 * refused, types, enumerations, patterns, bounds, defaults, descriptions and examples all come from it.
 */
export function queryParameters(schema: z.ZodType): ParameterObject[] {
  return [...queryFields(openApiSchema(schema, 'input') as Json)].map(([name, { schema: field, required }]) => {
    const { description, example, ...rest } = field;
    return {
      name,
      in: 'query',
      required,
      ...(typeof description === 'string' ? { description } : {}),
      ...(example !== undefined ? { example } : {}),
      schema: Object.keys(rest).length ? rest : { type: 'string' },
    };
  });
}
