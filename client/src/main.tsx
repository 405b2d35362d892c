import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { preloadPlanInfo } from './account/account-api';
import { App } from './App';
import { installControlledCheckboxes } from './controlled-checkboxes';
import { opensStraightBets } from './odds/boards-request';
import { startFirstBoards } from './routing/first-boards';
import { prefetchRoute } from './routing/lazy-pages';
import { registerServiceWorker } from './service-worker';
import { appStore } from './state/store';
import './styles.css';

document.documentElement.classList.add('theme-purple');
// Issue 18, no waterfall on a direct visit: the opened screen's code, the plan and (for straight bets) the boards are
// all asked for now, before the first render, not one after another as each answer arrives
prefetchRoute(window.location.pathname);
preloadPlanInfo();
if (opensStraightBets(window.location)) startFirstBoards();

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
