import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { App } from './App';
import { installControlledCheckboxes } from './controlled-checkboxes';
import { prefetchRoute } from './routing/lazy-pages';
import { registerServiceWorker } from './service-worker';
import { appStore } from './state/store';
import './styles.css';

document.documentElement.classList.add('theme-purple');
// the opened screen's code loads alongside the session calls, not after them (issue 18: no waterfall on a direct visit)
prefetchRoute(window.location.pathname);
// and the straight bets' boards are asked for as soon as the plan allows them, not after the screen has rendered
if (window.location.pathname === '/sportsbooks' && !new URLSearchParams(window.location.search).has('mode'))
  void import('./routing/first-boards').then(({ startFirstBoards }) => startFirstBoards());

installControlledCheckboxes();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      {/* no router provider: wouter follows the browser's location by default */}
      <App />
    </Provider>
  </StrictMode>,
);

registerServiceWorker();
