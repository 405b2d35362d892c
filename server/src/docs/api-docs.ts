import { HttpException, RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer, Reflector } from '@nestjs/core';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type ParameterObject,
  type ResponseObject,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { acceptsApiKey } from '../accounts/access/api-key-scope';
import { ApiErrors } from '../errors/api-errors';
import { parseInput, ZodValidationPipe } from '../validation/zod-validation.pipe';
import { apiErrorSchema } from './answers';
import { openApiSchema, queryParameters } from './json-schema';
import { routeDocOf, type RouteDoc } from './route-doc';

/** The security scheme's name and the header it reads (DECISIONS 5). */
export const API_KEY_SCHEME = 'x-api-key';

interface KeyRoute {
  doc: RouteDoc | undefined;
  /** The zod schema the route validates its whole query with, if any. */
  query: z.ZodType | undefined;
  /** The zod schemas of its path parameters, by name. */
  params: Map<string, z.ZodType>;
}

const operationId = (controller: string, method: string) => `${controller}_${method}`;

/** The zod schemas of a handler's `@Query(new ZodValidationPipe(schema))` (whole query) and `@Param(name, pipe)` arguments. */
function inputSchemasOf(controller: Type, method: string): Pick<KeyRoute, 'query' | 'params'> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { data?: unknown; pipes?: unknown[] }
  >;
  let query: z.ZodType | undefined;
  const params = new Map<string, z.ZodType>();
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    const pipe = arg.pipes?.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
    if (!pipe) continue;
    if (type === RouteParamtypes.QUERY && arg.data === undefined) query = pipe.schema;
    if (type === RouteParamtypes.PARAM && typeof arg.data === 'string') params.set(arg.data, pipe.schema);
  }
  return { query, params };
}

/** Every route a personal API key may call, by operation id (the rule is api-key-scope's, not restated here). */
function keyRoutes(app: INestApplication): Map<string, KeyRoute> {
  const reflector = app.get(Reflector);
  const routes = new Map<string, KeyRoute>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (
          name === 'constructor' ||
          typeof handler !== 'function' ||
          Reflect.getMetadata(PATH_METADATA, handler) === undefined
        )
          continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (!acceptsApiKey(reflector, handler, controller, method)) continue;
        routes.set(operationId(controller.name, name), {
          doc: routeDocOf(handler),
          ...inputSchemasOf(controller, name),
        });
      }
    }
  }
  return routes;
}

/**
 * What every key route may answer whatever it is asked: no key or a revoked one, a key whose owner is no longer
 * Platinum (DECISIONS 5), the rate limit. A key's owner is Platinum, so the free plan's 402s never reach a key.
 */
const KEY_ERRORS = [
  () => ApiErrors.authenticationRequired(),
  () => ApiErrors.platinumRequired(),
  () => ApiErrors.rateLimited(),
];

/** A value no query field accepts as it is (not a number, a date, a sport key, a method or a format). */
const NONSENSE = '?!';

/**
 * The 400s a route's input schemas give, found by giving them nothing and then each field a nonsense value: the
 * examples are the answers the route sends, with the spec's messages (each distinct code and message once).
 */
function inputRefusals(route: KeyRoute): HttpException[] {
  const attempts: Array<() => unknown> = [];
  if (route.query) {
    const schema = route.query;
    attempts.push(() => parseInput(schema, {}, 'query'));
    for (const parameter of queryParameters(schema))
      attempts.push(() => parseInput(schema, { [parameter.name]: NONSENSE }, 'query'));
  }
  for (const [name, schema] of route.params) attempts.push(() => parseInput(schema, NONSENSE, name));
  const refusals: HttpException[] = [];
  for (const attempt of attempts) {
    try {
      attempt();
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 400) refusals.push(error);
      else throw error;
    }
  }
  return refusals;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'The query or a path parameter is refused (the message names the field or gives the rule)',
  401: 'No API key, or one that is unknown or revoked',
  403: "The key's owner is not on Platinum",
  429: 'Too many calls: wait for the Retry-After header',
  503: 'Not available yet: retry shortly',
};

/** The error answers, by status, each with an example per distinct code and message. */
function errorResponses(errors: HttpException[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, Map<string, Record<string, unknown>>>();
  for (const error of errors) {
    const body = error.getResponse() as { code: string; message: string };
    const examples = byStatus.get(error.getStatus()) ?? new Map<string, Record<string, unknown>>();
    byStatus.set(error.getStatus(), examples);
    if ([...examples.values()].some((example) => JSON.stringify(example.value) === JSON.stringify(body))) continue;
    let name = body.code;
    for (let n = 2; examples.has(name); n++) name = `${body.code}_${n}`;
    examples.set(name, { summary: body.message, value: body });
  }
  const responses: Record<string, ResponseObject> = {};
  for (const [status, examples] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Refused',
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` },
          examples: Object.fromEntries(examples),
        },
      },
    };
  }
  return responses;
}

/** The 200 answer and every error of a route, with examples. */
function responsesOf(route: KeyRoute, doc: RouteDoc): Record<string, ResponseObject> {
  const ok: ResponseObject =
    doc.answer === 'csv'
      ? { description: doc.summary, content: { 'text/csv': { schema: { type: 'string' } } } }
      : { description: doc.summary, content: { 'application/json': { schema: openApiSchema(doc.answer, 'output') } } };
  const errors = [
    ...inputRefusals(route),
    ...KEY_ERRORS.map((make) => make()),
    ...(doc.errors ?? []).map((make) => make()),
  ];
  return { '200': ok, ...errorResponses(errors) };
}

/** The schema every error answer has, under components (each response refers to it). */
const ERROR_SCHEMA = 'ApiError';

/**
 * The OpenAPI 3 document of the routes an API key may call, generated from the controllers (paths), the zod schemas
 * they validate with (path and query parameters, and the 400s those give), the answers' zod schemas
 * (`@ApiAnswer`, docs/answers.ts) and ApiErrors (every error's example), each under the `x-api-key` scheme so
 * "Try it out" sends the key. No route a key may call takes a body: keys only read (api-key-scope).
 */
export function apiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('OddsPulse API')
    .setDescription(
      'Odds, props, history and scanners for personal API key holders (Account → API keys). Send the key in the x-api-key header; ' +
        'calls count against your plan like the browser does. Every error is JSON {statusCode, code, message} (ApiError). ' +
        'Live updates: connect socket.io to this origin with auth {apiKey} (the socket protocol is in docs/realtime.md).',
    )
    .setVersion('1')
    .addApiKey(
      { type: 'apiKey', in: 'header', name: API_KEY_SCHEME, description: 'A personal API key (op_…)' },
      API_KEY_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, [ERROR_SCHEMA]: openApiSchema(apiErrorSchema, 'output') },
  };
  const routes = keyRoutes(app);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const verb of ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const) {
      const operation = item[verb];
      if (!operation) continue;
      const route = routes.get(operation.operationId ?? '');
      if (!route) {
        delete item[verb];
        continue;
      }
      if (!route.doc) throw new Error(`${operation.operationId}: a route an API key may call needs @ApiAnswer`);
      const named = (operation.parameters ?? []).flatMap((p): ParameterObject[] => {
        if (!('in' in p) || p.in !== 'path') return [];
        const schema = route.params.get(p.name);
        return [schema ? { ...p, schema: openApiSchema(schema, 'input') } : p];
      });
      operation.parameters = [...named, ...(route.query ? queryParameters(route.query) : [])];
      operation.summary = route.doc.summary;
      operation.responses = responsesOf(route, route.doc);
      operation.security = [{ [API_KEY_SCHEME]: [] }];
    }
    if (!Object.keys(item).some((key) => key !== 'parameters')) delete document.paths[path];
  }
  return document;
}

/** Serves the documentation at /api/docs and its JSON at /api/docs-json (outside the global prefix, so spelled out). */
export function mountApiDocs(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => apiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}
