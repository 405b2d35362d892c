import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { ParameterObject } from '@nestjs/swagger';
import { acceptsApiKey, type RouteHandler } from '../accounts/access/api-key-scope';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { queryParameters } from './json-schema';

/** The security scheme's name and the header it reads (DECISIONS 5). */
export const API_KEY_SCHEME = 'x-api-key';

interface KeyRoute {
  /** Query parameters read from the zod schema the route validates its whole query with. */
  query: ParameterObject[];
}

const operationId = (controller: string, method: string) => `${controller}_${method}`;

/** The whole-query zod schema of a handler's `@Query(new ZodValidationPipe(schema))` argument, if it has one. */
function querySchemaOf(controller: Type, method: string) {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { data?: unknown; pipes?: unknown[] }>;
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.QUERY || arg.data !== undefined) continue;
    const pipe = arg.pipes?.find((p): p is ZodValidationPipe<never> => p instanceof ZodValidationPipe);
    if (pipe) return pipe.schema;
  }
  return undefined;
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
        if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        if (!acceptsApiKey(reflector, handler as RouteHandler, controller, method)) continue;
        const schema = querySchemaOf(controller, name);
        routes.set(operationId(controller.name, name), { query: schema ? queryParameters(schema) : [] });
      }
    }
  }
  return routes;
}

/**
 * The OpenAPI 3 document of the routes an API key may call, generated from the controllers (paths,
 * path parameters) and their zod DTOs (query parameters), each under the `x-api-key` scheme so "Try it out" sends the key.
 */
export function apiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('OddsPulse API')
    .setDescription(
      'Odds, props, history and scanners for personal API key holders (Account → API keys). Send the key in the x-api-key header; ' +
        'calls count against your plan like the browser does. Live updates: connect socket.io to this origin with auth {apiKey}.',
    )
    .setVersion('1')
    .addApiKey({ type: 'apiKey', in: 'header', name: API_KEY_SCHEME, description: 'A personal API key (op_…)' }, API_KEY_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
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
      const named = (operation.parameters ?? []).filter((p) => !('in' in p) || p.in !== 'query');
      operation.parameters = [...named, ...route.query];
      operation.security = [{ [API_KEY_SCHEME]: [] }];
    }
    if (!Object.keys(item).some((key) => key !== 'parameters')) delete document.paths[path];
  }
  return document;
}

/** Serves the documentation at /api/docs and its JSON at /api/docs-json (outside the global prefix, so spelled out). */
export function mountApiDocs(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => apiDocument(app), { jsonDocumentUrl: 'api/docs-json', yamlDocumentUrl: 'api/docs-yaml' });
}
