import { SetMetadata, type HttpException } from '@nestjs/common';
import type { z } from 'zod';

const ROUTE_DOC = 'oddspulse:route-doc';

/**
 * What the API documentation says of a route, beside what it reads from the route itself: every route has one
 * (api-docs.int-spec checks it), so the document describes each answer and the client is typed from it.
 */
export interface RouteDoc {
  summary: string;
  /**
   * The success answer: its schema (docs/answers.ts, account-answers.ts, app-answers.ts), `csv` for a CSV file,
   * `redirect` for a 302 to a page, or `none` for a 204 without a body.
   */
  answer: z.ZodType | 'csv' | 'redirect' | 'none';
  /**
   * Errors the route's service gives besides those of its input schema and of every key route (401, 403, 429), each
   * as the ApiErrors call that makes it, so the example is the body the route sends.
   */
  errors?: Array<() => HttpException>;
}

/** Documents a route's answer (every route has one; api-docs.int-spec checks it). */
export const ApiAnswer = (doc: RouteDoc) => SetMetadata(ROUTE_DOC, doc);

/** The RouteDoc of a handler, if it has one. */
export function routeDocOf(handler: object): RouteDoc | undefined {
  return Reflect.getMetadata(ROUTE_DOC, handler) as RouteDoc | undefined;
}
