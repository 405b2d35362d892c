import createClient, { type Middleware } from 'openapi-fetch';
import type { ApiClient, RequestOptions } from './api-client';
import type { paths } from './openapi';

/** The origin typed calls are resolved against: the page's own, as ApiClient's relative paths are. */
const ORIGIN = typeof location === 'undefined' ? 'http://localhost' : location.origin;

/**
 * openapi-fetch's middleware that sends each typed call through the app's ApiClient (api-client.ts): the session
 * cookie refreshed before expiry and once on a 401 (DECISIONS 35), the CSRF header on unsafe calls, retries of
 * idempotent calls on a 5xx or a dropped connection, the plan gate and the error catalogue's messages. A refusal
 * throws ApiError as every other call does; the answer comes back as a JSON Response for openapi-fetch to read.
 */
export function apiClientMiddleware(client: ApiClient): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const text = await request.text();
      const answer = await client.request<unknown>(`${url.pathname}${url.search}`, {
        method: request.method as RequestOptions['method'],
        body: text ? (JSON.parse(text) as unknown) : undefined,
        signal: request.signal,
      });
      if (answer === undefined) return new Response(null, { status: 204 });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
}

/** A REST client typed by the committed OpenAPI document (`npm run openapi`), every call going through `client`. */
export function typedClient(client: ApiClient) {
  const typed = createClient<paths>({ baseUrl: ORIGIN });
  typed.use(apiClientMiddleware(client));
  return typed;
}

/**
 * A typed call's answer. The middleware throws ApiError for every refusal, so a call that returns has its data; a
 * route that answers nothing (204) is typed so by the document.
 */
export async function answerOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  return (await call).data as T;
}
