import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Provider } from 'jotai';
import { App } from './App';
import { registerServiceWorker } from './service-worker';
import { appStore } from './state/store';
import './styles.css';

document.documentElement.classList.add('theme-purple');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);

registerServiceWorker();
