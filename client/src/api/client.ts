import type { ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import { ApiClient, type ApiEvent } from './api-client';
import { takeSentAhead } from './sent-ahead';
import { typedClient } from './typed-client';
import { browserSessionStore, csrfCookie, rememberedChoice, SESSION_KEY } from './session';

/** Events the API client raises, for the shell to act on (sign-in prompt, retry toasts, session changes). */
export const apiEvents = new EventTarget();

export class ApiEventMessage extends Event {
  constructor(readonly event: ApiEvent) {
    super(event.type);
  }
}

/** The single API client of the app; every call goes through it. */
export const api = new ApiClient(
  {
    // the boards a page's boot script sent ahead are taken as this call's own request
    fetch: (input, init) => takeSentAhead(input, init) ?? window.fetch(input, init),
    sessions: browserSessionStore(),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => window.setTimeout(resolve, ms)),
    csrfToken: csrfCookie,
    emit: (event) => {
      // spec 000 §4: the plan-limit modal listens for a global `plangate` event.
      if (event.type === 'plangate') window.dispatchEvent(new CustomEvent('plangate', { detail: event.detail }));
      apiEvents.dispatchEvent(new ApiEventMessage(event));
    },
  },
  rememberedChoice(),
);

/** The same client's calls typed by the API document (openapi-fetch): paths, parameters, bodies and answers checked. */
export const typedApi = typedClient(api);

/**
 * What the API document says a route answers (`Answer<'get', '/api/me'>`): the one declaration of an answer's type
 * for the calls that go through `api` itself (a sign-in's session options, a request sent ahead at start).
 */
export type Answer<
  Method extends 'get' | 'post' | 'put' | 'patch' | 'delete',
  Path extends ClientPathsWithMethod<typeof typedApi, Method>,
> = MethodResponse<typeof typedApi, Method, Path>;

// The tabs share the session's cookies and its description in local storage: a sign-in, refresh or sign-out in one
// is this tab's too. (No window: the public pages rendered at build, src/app/prerender.tsx.)
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY || event.key === null) api.syncFromStore();
  });
