import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { preloadPlanInfo } from '../state/session-api';
import { preloadSiteConfig } from '../state/site';
import { api } from '../api/client';
import { queryClient } from '../api/query-client';
import { App } from './App';
import { opensStraightBets } from '../features/odds/loading/boards-request';
import { sendingEarly } from '../api/early-data';
import { prefetchRoute } from '../routing/lazy-pages';
import { registerServiceWorker } from './service-worker';
import { appStore } from '../state/store';
import { startAsVisitor } from '../state/visitor-store';
import '../styles.css';

document.documentElement.classList.add('theme-purple');
// No waterfall on a direct visit: the opened screen's code, the plan and (for straight bets) the boards are all asked
// for now, before the first render, not one after another as each answer arrives. The boards' code is the odds
// screen's, which /sportsbooks's page modulepreloads, so importing it here costs that page no round trip and the
// other pages (the landing page first) do not download it. The site's settings too: the odds page waits for them.
prefetchRoute(window.location.pathname);
void preloadSiteConfig();
preloadPlanInfo();
if (opensStraightBets(window.location)) {
  sendingEarly(
    import('../routing/first-boards')
      .then(({ startFirstBoards }) => startFirstBoards())
      .catch((error: unknown) =>
        console.warn('Asking for the first boards ahead failed; the odds screen asks itself', error),
      ),
  );
}

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Provider store={appStore}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Provider>
    </QueryClientProvider>
  </StrictMode>
);
const root = document.getElementById('root')!;
// A public page comes with a visitor's render of it (scripts/prerender.mjs): a visitor's browser hydrates it from the
// same state. A signed-in user's page differs from it (the dashboard at /, their plan on /pricing), so it renders anew.
if (root.firstElementChild && !api.currentSession()) {
  startAsVisitor(appStore);
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.warn('The prerendered page was rendered anew', error),
  });
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}

registerServiceWorker();
