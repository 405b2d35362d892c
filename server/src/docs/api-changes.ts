/**
 * The breaking changes between two versions of the API document: what a client written against `before` would trip
 * on against `after`. A route or method removed, an answer's field or any enumeration's value removed, and a request
 * field or parameter newly required. Additions are never breaking: clients ignore answer fields they do not know.
 */

type Json = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Json>>;
  components?: { schemas?: Record<string, Json> };
}

const VERBS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
/** Deeper than any schema of the document: a recursive one (none today) stops here rather than loop. */
const MAX_DEPTH = 24;

const asJson = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** A schema with its `$ref` followed to the document's components. */
function resolve(document: Document, schema: unknown): Json {
  const json = asJson(schema);
  const ref = json.$ref;
  if (typeof ref !== 'string') return json;
  return asJson(document.components?.schemas?.[ref.split('/').pop() ?? '']);
}

const requiredOf = (schema: Json) => new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);

/**
 * Compares a schema in two versions: `request` (what clients send: a newly required field breaks them) or `response`
 * (what they read: a removed field breaks them); a removed enumeration value breaks both.
 */
function compareSchemas(
  where: string,
  role: 'request' | 'response',
  before: { document: Document; schema: unknown },
  after: { document: Document; schema: unknown },
  found: string[],
  depth = 0,
): void {
  if (depth > MAX_DEPTH) return;
  const old = resolve(before.document, before.schema);
  const now = resolve(after.document, after.schema);
  if (!Object.keys(now).length) return;
  if (Array.isArray(old.enum) && Array.isArray(now.enum)) {
    const kept = new Set(now.enum);
    for (const value of old.enum as unknown[])
      if (!kept.has(value)) found.push(`${where}: enumeration value ${JSON.stringify(value)} removed`);
  }
  const oldProperties = asJson(old.properties);
  const newProperties = asJson(now.properties);
  const wasRequired = requiredOf(old);
  for (const name of requiredOf(now))
    if (role === 'request' && !wasRequired.has(name)) found.push(`${where}: request field ${name} is newly required`);
  for (const [name, schema] of Object.entries(oldProperties)) {
    if (!(name in newProperties)) {
      if (role === 'response') found.push(`${where}: answer field ${name} removed`);
      continue;
    }
    const next = { document: after.document, schema: newProperties[name] };
    compareSchemas(`${where}.${name}`, role, { document: before.document, schema }, next, found, depth + 1);
  }
  const nested = (key: string) => (side: Json) => side[key];
  for (const key of ['items', 'additionalProperties']) {
    const [a, b] = [nested(key)(old), nested(key)(now)];
    if (a && typeof a === 'object' && b && typeof b === 'object')
      compareSchemas(
        `${where}[]`,
        role,
        { document: before.document, schema: a },
        { document: after.document, schema: b },
        found,
        depth + 1,
      );
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const [a, b] = [old[key], now[key]];
    if (!Array.isArray(a) || !Array.isArray(b)) continue;
    a.forEach((part, i) => {
      if (i < b.length)
        compareSchemas(
          `${where}|${i}`,
          role,
          { document: before.document, schema: part },
          { document: after.document, schema: b[i] },
          found,
          depth + 1,
        );
    });
  }
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}
const parametersOf = (operation: Json) =>
  Array.isArray(operation.parameters) ? (operation.parameters as Parameter[]) : [];
const jsonSchema = (content: unknown) => asJson(asJson(asJson(content)['application/json']).schema);

/** The breaking changes from `before` to `after`, each as a sentence naming where it is; none is an empty list. */
export function breakingChanges(before: Document, after: Document): string[] {
  const found: string[] = [];
  const side = (document: Document, schema: unknown) => ({ document, schema });
  for (const [path, item] of Object.entries(before.paths)) {
    for (const verb of VERBS) {
      const old = item[verb];
      if (!old) continue;
      const where = `${verb.toUpperCase()} ${path}`;
      const now = after.paths[path]?.[verb];
      if (!now) {
        found.push(`${where}: route removed`);
        continue;
      }
      const oldParameters = new Map(parametersOf(old).map((p) => [`${p.in}:${p.name}`, p]));
      for (const parameter of parametersOf(now)) {
        const was = oldParameters.get(`${parameter.in}:${parameter.name}`);
        if (parameter.required && !was?.required)
          found.push(`${where}: ${parameter.in} parameter ${parameter.name} is newly required`);
        if (was)
          compareSchemas(
            `${where} ${parameter.name}`,
            'request',
            side(before, was.schema),
            side(after, parameter.schema),
            found,
          );
      }
      const [oldBody, newBody] = [asJson(old.requestBody), asJson(now.requestBody)];
      if (newBody.required && !oldBody.required) found.push(`${where}: request body is newly required`);
      compareSchemas(
        `${where} body`,
        'request',
        side(before, jsonSchema(oldBody.content)),
        side(after, jsonSchema(newBody.content)),
        found,
      );
      const [oldResponses, newResponses] = [asJson(old.responses), asJson(now.responses)];
      for (const [status, response] of Object.entries(oldResponses)) {
        if (!status.startsWith('2')) continue;
        const next = newResponses[status];
        if (!next) {
          found.push(`${where}: answer ${status} removed`);
          continue;
        }
        compareSchemas(
          `${where} ${status}`,
          'response',
          side(before, jsonSchema(asJson(response).content)),
          side(after, jsonSchema(asJson(next).content)),
          found,
        );
      }
    }
  }
  return found;
}

/** The trailer a commit message carries to say it breaks the API on purpose (docs/api-contract.md). */
export const BREAKING_TRAILER = /^BREAKING-API:\s*\S/m;
