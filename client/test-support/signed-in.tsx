import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { BrowserSession } from '../src/api/session';
import { authAtom } from '../src/state/auth';
import { preferencesQuery } from '../src/state/session-api';

/** Lets the reads a render started settle. */
export const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/**
 * Renders `ui` into `root` for a signed-in user (user-1) with a fresh query client, and lets its first reads settle.
 * `savedBooks`: their preferences already read, with these books saved (My Sportsbooks, DECISIONS 36); `hiddenBooks`:
 * saved books their plan hides; `at`: the address the page is rendered at (its query string, say).
 */
export async function renderSignedIn(
  root: Root,
  ui: ReactNode,
  { savedBooks, hiddenBooks = [], at = '/' }: { savedBooks?: string[]; hiddenBooks?: string[]; at?: string } = {},
) {
  const store = createStore();
  store.set(authAtom, { status: 'signedIn', session: {} as BrowserSession, user: { id: 'user-1', email: 'a@x.co' } });
  const client = new QueryClient();
  if (savedBooks)
    client.setQueryData(preferencesQuery('user-1').queryKey, {
      sportsbooks: savedBooks,
      sportsbooks_hidden_by_plan: hiddenBooks,
      bankroll: 1000,
      commissions: {},
      effective_commissions: {},
    } as never);
  await act(async () =>
    root.render(
      <Provider store={store}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </Provider>,
    ),
  );
  await settle();
}
