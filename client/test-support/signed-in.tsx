import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { BrowserSession } from '../src/api/session';
import { authAtom } from '../src/state/auth';

/** Lets the reads a render started settle. */
export const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** Renders `ui` into `root` for a signed-in user with a fresh query client, and lets its first reads settle. */
export async function renderSignedIn(root: Root, ui: ReactNode): Promise<void> {
  const store = createStore();
  store.set(authAtom, { status: 'signedIn', session: {} as BrowserSession, user: { id: 'user-1', email: 'a@x.co' } });
  await act(async () =>
    root.render(
      <Provider store={store}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </Provider>,
    ),
  );
  await settle();
}
