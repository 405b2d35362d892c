import { SetMetadata, type HttpException } from '@nestjs/common';
import type { z } from 'zod';

const ROUTE_DOC = 'oddspulse:route-doc';

/** What the API documentation says of a route an API key may call, beside what it reads from the route itself. */
export interface RouteDoc {
  summary: string;
  /** The 200 answer: its schema (docs/answers.ts), or `csv` for a CSV file. */
  answer: z.ZodType | 'csv';
  /**
   * Errors the route's service gives besides those of its input schema and of every key route (401, 403, 429), each
   * as the ApiErrors call that makes it, so the example is the body the route sends.
   */
  errors?: Array<() => HttpException>;
}

/** Documents a route an API key may call (every such route has one; api-docs.int-spec checks it). */
export const ApiAnswer = (doc: RouteDoc) => SetMetadata(ROUTE_DOC, doc);

/** The RouteDoc of a handler, if it has one. */
export function routeDocOf(handler: object): RouteDoc | undefined {
  return Reflect.getMetadata(ROUTE_DOC, handler) as RouteDoc | undefined;
}
