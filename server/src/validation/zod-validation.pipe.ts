import { ArgumentMetadata, HttpException, Injectable, PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { deepFreeze } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';

/** What a schema attaches to an issue whose answer is one of ApiErrors (the spec's message and code), not "field: message". */
interface ApiErrorParams {
  apiError: HttpException;
}

function apiErrorOf(issue: z.ZodIssue): HttpException | null {
  if (issue.code !== z.ZodIssueCode.custom) return null;
  const error = (issue.params as Partial<ApiErrorParams> | undefined)?.apiError;
  return error instanceof HttpException ? error : null;
}

/**
 * Inside a schema's transform or refinement: the input is refused with `error` (an `ApiErrors.*`), answered as it is.
 * Returns z.NEVER so a transform can `return rejectWith(ctx, ...)`.
 */
export function rejectWith(ctx: z.RefinementCtx, error: HttpException): typeof z.NEVER {
  const params: ApiErrorParams = { apiError: error };
  ctx.addIssue({ code: z.ZodIssueCode.custom, message: error.message, params, fatal: true });
  return z.NEVER;
}

const FAILED = Symbol('failed');

/**
 * `schema`, except that any way of failing it is answered with `error()` (the spec's message for the field, verbatim).
 * The schema stays inside (a catch, not a closure) so the API documentation can read its enumeration or pattern.
 */
export function withApiError<T extends z.ZodTypeAny>(schema: T, error: () => HttpException) {
  // The marker is not an output of `schema`, which catch's type asks for; the transform below never lets it out.
  return schema
    .catch(FAILED as z.output<T>)
    .transform((value, ctx): z.output<T> => (value === FAILED ? rejectWith(ctx, error()) : value));
}

/**
 * A value read by one of the shared rules' parsers (null when unreadable), refused with `error()` when it is null. An
 * absent field is given to the parser too (undefined), which decides whether absence is allowed.
 */
export function readWith<T>(parse: (value: unknown) => T | null, error: () => HttpException) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T => {
      const parsed = parse(value);
      return parsed === null ? rejectWith(ctx, error()) : parsed;
    });
}

/**
 * Parses a body, query or parameter with a schema. The first issue decides the answer: an issue raised with
 * `rejectWith`/`withApiError` is that ApiErrors answer; any other is a 400 VALIDATION_FAILED naming the field
 * ("path: message", the path rooted at `where` when the schema checks a single value).
 */
export function parseInput<T extends z.ZodTypeAny>(schema: T, input: unknown, where = 'body'): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const apiError = apiErrorOf(issue);
  if (apiError) throw apiError;
  throw ApiErrors.validation(`${issue.path.join('.') || where}: ${issue.message}`);
}

/** Queries remembered per route with what they parsed to; past it the oldest is forgotten. */
const REMEMBERED_QUERIES = 256;
/** A longer query is parsed every time: the memory of what is remembered is not a client's to fill. */
const REMEMBERED_QUERY_LENGTH = 512;

/**
 * The one validation style at the controller edge: `@Body(new ZodValidationPipe(schema))`,
 * `@Query(new ZodValidationPipe(schema))`, `@Param('id', new ZodValidationPipe(schema))`, with the schema in the
 * domain's `*.dto.ts`. Services receive typed, checked input and never `unknown`. A query a route has parsed
 * before is answered with what it parsed to (the odds query's schema cost tens of microseconds, and a
 * page asks the same few queries over and over); parsing depends on nothing but the query, and what is remembered
 * is frozen. A refused query is not remembered.
 */
@Injectable()
export class ZodValidationPipe<T extends z.ZodTypeAny> implements PipeTransform<unknown, z.output<T>> {
  private readonly queries = new Map<string, z.output<T>>();

  /** Public so the API documentation reads a route's query parameters from the schema it validates with. */
  constructor(readonly schema: T) {}

  transform(value: unknown, metadata?: ArgumentMetadata): z.output<T> {
    const where = metadata?.data ?? metadata?.type;
    if (metadata?.type !== 'query') return parseInput(this.schema, value, where);
    const key = JSON.stringify(value ?? {});
    if (key.length > REMEMBERED_QUERY_LENGTH) return parseInput(this.schema, value, where);
    const known = this.queries.get(key);
    if (known !== undefined) return known;
    const parsed = deepFreeze(parseInput(this.schema, value, where));
    if (this.queries.size >= REMEMBERED_QUERIES) this.queries.delete(this.queries.keys().next().value!);
    this.queries.set(key, parsed);
    return parsed;
  }
}
