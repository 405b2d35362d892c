import { HttpException, RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  RESPONSE_PASSTHROUGH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer, Reflector } from '@nestjs/core';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type ContentObject,
  type ParameterObject,
  type ReferenceObject,
  type ResponseObject,
  type SchemaObject,
  type SecurityRequirementObject,
} from '@nestjs/swagger';
import type { z } from 'zod';
import { acceptsApiKey } from '../accounts/access/api-key-scope';
import { AuthenticationGuard } from '../accounts/access/guards';
import { ApiErrors } from '../errors/api-errors';
import { parseInput, ZodValidationPipe } from '../validation/zod-validation.pipe';
import { apiErrorSchema } from './answers';
import { openApiSchema, queryParameters } from './json-schema';
import { routeDocOf, type RouteDoc } from './route-doc';

/** The security scheme's name and the header it reads (DECISIONS 5). */
export const API_KEY_SCHEME = 'x-api-key';
/** The signed-in schemes every other route takes: a bearer access token, or the web app's cookie (DECISIONS 35). */
const BEARER_SCHEME = 'bearer';
const COOKIE_SCHEME = 'session-cookie';
/** Marks the operations a personal API key may call, for readers and generators that do not read `security`. */
export const API_KEY_EXTENSION = 'x-oddspulse-api-key';

interface Route {
  controller: string;
  method: string;
  /** An API key may call it (api-key-scope). */
  apiKey: boolean;
  /** Its guards ask for a signed-in caller (RequireAuth and the plan guards that build on it). */
  signedIn: boolean;
  /** `@Res()` without passthrough: the handler writes the answer itself, so only its RouteDoc says what it is. */
  writesItself: boolean;
  /** `@HttpCode()`, if set. */
  httpCode: number | undefined;
  doc: RouteDoc | undefined;
  /** The zod schema the route validates its whole query with, if any. */
  query: z.ZodType | undefined;
  /** The zod schema the route validates its whole body with, if any. */
  body: z.ZodType | undefined;
  /** The zod schemas of its path parameters, by name. */
  params: Map<string, z.ZodType>;
}

const operationId = (controller: string, method: string) => `${controller}_${method}`;

/** The zod schemas of a handler's whole-query, whole-body and path-parameter arguments, and whether it writes itself. */
function argumentsOf(controller: Type, method: string): Pick<Route, 'query' | 'body' | 'params' | 'writesItself'> {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
    string,
    { data?: unknown; pipes?: unknown[] }
  >;
  let query: z.ZodType | undefined;
  let body: z.ZodType | undefined;
  let writesItself = false;
  const params = new Map<string, z.ZodType>();
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    if (type === RouteParamtypes.RESPONSE && !Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, method))
      writesItself = true;
    const pipe = arg.pipes?.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
    if (!pipe) continue;
    if (type === RouteParamtypes.QUERY && arg.data === undefined) query = pipe.schema;
    if (type === RouteParamtypes.BODY && arg.data === undefined) body = pipe.schema;
    if (type === RouteParamtypes.PARAM && typeof arg.data === 'string') params.set(arg.data, pipe.schema);
  }
  return { query, body, params, writesItself };
}

const guardsOf = (target: object) => (Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as unknown[];

/** Every route of the application, by operation id. */
function routesOf(app: INestApplication): Map<string, Route> {
  const reflector = app.get(Reflector);
  const routes = new Map<string, Route>();
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
        routes.set(operationId(controller.name, name), {
          controller: controller.name,
          method: name,
          apiKey: acceptsApiKey(reflector, handler, controller, method),
          signedIn: [...guardsOf(controller), ...guardsOf(handler)].includes(AuthenticationGuard),
          httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
          doc: routeDocOf(handler),
          ...argumentsOf(controller, name),
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
function inputRefusals(route: Route): HttpException[] {
  const attempts: Array<() => unknown> = [];
  if (route.query) {
    const schema = route.query;
    attempts.push(() => parseInput(schema, {}, 'query'));
    for (const parameter of queryParameters(schema))
      attempts.push(() => parseInput(schema, { [parameter.name]: NONSENSE }, 'query'));
  }
  for (const [name, schema] of route.params) attempts.push(() => parseInput(schema, NONSENSE, name));
  if (route.body) {
    const schema = route.body;
    attempts.push(() => parseInput(schema, {}, 'body'));
  }
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
  400: 'The query, body or a path parameter is refused (the message names the field or gives the rule)',
  401: 'Not signed in: no session or API key, or one that is unknown, expired or revoked',
  403: "Not allowed: the key's owner is not on Platinum, or the plan or role does not reach this route",
  429: 'Too many calls: wait for the Retry-After header',
  503: 'Not available yet: retry shortly',
};

/** The schema every error answer has, under components (each response refers to it). */
const ERROR_SCHEMA = 'ApiError';
/** Any other error a route gives, documented once under components.responses (the global filter's shape). */
const ERROR_RESPONSE = 'Error';

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

/**
 * The zod schemas the document names under components.schemas, each once: a schema used by several routes is one
 * component, named after the first operation (in path order) that uses it and its role there.
 */
class Components {
  private readonly names = new Map<z.ZodType, string>();
  readonly schemas: Record<string, SchemaObject> = {};

  ref(schema: z.ZodType, name: string, io: 'input' | 'output'): ReferenceObject {
    let named = this.names.get(schema);
    if (!named) {
      named = name;
      this.names.set(schema, named);
      this.schemas[named] = openApiSchema(schema, io);
    }
    return { $ref: `#/components/schemas/${named}` };
  }
}

/** A component's name from the operation that first uses it: `AuthController_signup` → `AuthSignupBody`. */
function componentName(operation: string, role: 'Body' | 'Answer'): string {
  const [controller, method] = operation.replace(/\[\d+\]$/, '').split('_');
  return `${controller.replace(/Controller$/, '')}${method[0].toUpperCase()}${method.slice(1)}${role}`;
}

/** The success status: `@HttpCode()`, else Nest's 201 for POST and 200 for the rest (a handler that writes itself: 200). */
const successStatus = (route: Route, verb: string) =>
  route.httpCode ?? (verb === 'post' && !route.writesItself ? 201 : 200);

/** The success answer of a route, as its RouteDoc says it. */
function successResponse(
  route: Route,
  id: string,
  verb: string,
  components: Components,
): Record<string, ResponseObject> {
  const status = successStatus(route, verb);
  const { answer, summary: description } = route.doc!;
  if (answer === 'redirect')
    return { '303': { description: `${description}: a redirect to the page that carries on (Location)` } };
  if (answer === 'none') return { [String(status)]: { description } };
  if (status === 204) throw new Error(`${id}: a 204 has no body, so its answer is 'none'`);
  const media: ContentObject =
    answer === 'csv'
      ? { 'text/csv': { schema: { type: 'string' } } }
      : { 'application/json': { schema: components.ref(answer, componentName(id, 'Answer'), 'output') } };
  return { [String(status)]: { description, content: media } };
}

/** Every answer of a route: success, the errors it documents with examples, and the global filter's shape for any other. */
function responsesOf(route: Route, id: string, verb: string, components: Components): Record<string, ResponseObject> {
  const errors = [
    ...inputRefusals(route),
    ...(route.apiKey ? KEY_ERRORS.map((make) => make()) : route.signedIn ? [ApiErrors.authenticationRequired()] : []),
    ...(route.doc?.errors ?? []).map((make) => make()),
  ];
  return {
    ...successResponse(route, id, verb, components),
    ...errorResponses(errors),
    default: { $ref: `#/components/responses/${ERROR_RESPONSE}` } as unknown as ResponseObject,
  };
}

/** Who may call a route: any of the alternatives (none for a public route). */
function securityOf(route: Route): SecurityRequirementObject[] | undefined {
  if (!route.signedIn && !route.apiKey) return undefined;
  const session: SecurityRequirementObject[] = [{ [BEARER_SCHEME]: [] }, { [COOKIE_SCHEME]: [] }];
  return route.apiKey ? [{ [API_KEY_SCHEME]: [] }, ...session] : session;
}

/**
 * The OpenAPI 3 document of every route, generated from the controllers (paths, guards, status codes), the zod schemas
 * they validate with (path and query parameters, request bodies, and the 400s those give), the answers' zod schemas
 * (`@ApiAnswer`, docs/answers.ts) and ApiErrors (every error's example). Request bodies and answers are named
 * components. The routes an API key may call are under the `x-api-key` scheme (so "Try it out" sends the key) and
 * carry `x-oddspulse-api-key: true`; no such route takes a body: keys only read (api-key-scope).
 */
export function apiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('OddsPulse API')
    .setDescription(
      'Odds, props, history and scanners for personal API key holders (Account → API keys), and the routes the web app ' +
        'calls. Send the key in the x-api-key header on the routes marked x-oddspulse-api-key; ' +
        'calls count against your plan like the browser does. Every error is JSON {statusCode, code, message} (ApiError). ' +
        'Live updates: connect socket.io to this origin with auth {apiKey} (the socket protocol is in docs/realtime.md).',
    )
    .setVersion('1')
    .addApiKey(
      { type: 'apiKey', in: 'header', name: API_KEY_SCHEME, description: 'A personal API key (op_…)' },
      API_KEY_SCHEME,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'An access token from POST /api/auth/login' },
      BEARER_SCHEME,
    )
    .addCookieAuth(
      'op_access',
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'op_access',
        description:
          'The web app session (DECISIONS 35; __Host-op_access over HTTPS); a request that changes anything echoes the op_csrf cookie in x-csrf-token',
      },
      COOKIE_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
  const components = new Components();
  const routes = routesOf(app);
  for (const item of Object.values(document.paths)) {
    for (const verb of ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const) {
      const operation = item[verb];
      if (!operation) continue;
      const id = operation.operationId ?? '';
      // One handler on several paths is one operation per path, numbered by Nest: `Controller_method[1]`.
      const route = routes.get(id.replace(/\[\d+\]$/, ''));
      if (!route) throw new Error(`${id}: an operation Nest documents is not a controller route`);
      if (!route.doc) throw new Error(`${id}: every route says its answer with @ApiAnswer (docs/route-doc.ts)`);
      const named = (operation.parameters ?? []).flatMap((p): ParameterObject[] => {
        if (!('in' in p) || p.in !== 'path') return [];
        const schema = route.params.get(p.name);
        return [schema ? { ...p, schema: openApiSchema(schema, 'input') } : p];
      });
      operation.parameters = [...named, ...(route.query ? queryParameters(route.query) : [])];
      if (route.body)
        operation.requestBody = {
          required: !route.body.safeParse(undefined).success,
          content: { 'application/json': { schema: components.ref(route.body, componentName(id, 'Body'), 'input') } },
        };
      if (route.doc) operation.summary = route.doc.summary;
      operation.responses = responsesOf(route, id, verb, components);
      const security = securityOf(route);
      if (security) operation.security = security;
      else delete operation.security;
      if (route.apiKey) (operation as unknown as Record<string, unknown>)[API_KEY_EXTENSION] = true;
    }
  }
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      [ERROR_SCHEMA]: openApiSchema(apiErrorSchema, 'output'),
      ...components.schemas,
    },
    responses: {
      [ERROR_RESPONSE]: {
        description: 'Any error: the global filter gives every error this shape (spec 000 §8)',
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
      },
    },
  };
  return document;
}

/** Serves the documentation at /api/docs and its JSON at /api/docs-json (outside the global prefix, so spelled out). */
export function mountApiDocs(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => apiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}
