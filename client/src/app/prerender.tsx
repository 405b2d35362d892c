import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
export { LEGACY_SESSION_KEY, SESSION_KEY } from '../api/session';
import { visitorStore } from '../state/visitor-store';

/** The public pages written into the build with their content (scripts/prerender.mjs), each hydrated as a visitor's. */
export const PRERENDERED_PATHS = ['/', '/pricing', '/scores', '/terms', '/privacy'];

/**
 * A public page as a visitor's browser first renders it: signed out, the free plan, no data read yet. Rendered at build
 * with every screen's code loaded (a prerender waits for its lazy screens), so the HTML holds the page's content.
 */
export async function renderPage(path: string): Promise<string> {
  const queryClient = new QueryClient();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Provider store={visitorStore()}>
          <StaticRouter location={path}>
            <App />
          </StaticRouter>
        </Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
