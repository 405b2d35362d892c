import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunk } from '../routing/chunk-reload';
import { retryFailedScreens } from '../routing/lazy-pages';

interface BoundaryState {
  failed: boolean;
  /** The screen's code could not be loaded because the browser is offline: it loads when the connection returns. */
  offline: boolean;
}

/**
 * The route table's error boundary: a screen that threw while rendering, or whose code could not be loaded, shows the
 * fallback error screen of spec 000 §2 and §8 inside the shell. A screen's code goes missing when a deploy replaced its
 * hashed file under a page opened before: the page then reloads once to get the new build, and shows the error screen
 * only if the code is still missing after that. Offline, a screen not opened before has no code here: the page says
 * so (not "Something went wrong") and loads it by itself when the connection returns; a reload offline would only
 * have lost the page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false, offline: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failed: true, offline: isChunkLoadError(error) && !navigator.onLine };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error) && !navigator.onLine) {
      console.warn("Offline: this screen's code is not loaded yet; it loads when the connection returns", error);
      window.addEventListener('online', this.retry);
      return;
    }
    if (isChunkLoadError(error) && reloadOnceForChunk(window.location.pathname, window.sessionStorage)) {
      console.warn("A screen's code is missing (a new version was deployed); reloading", error);
      window.location.reload();
      return;
    }
    console.error('Render error', error, info.componentStack);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  /** The connection is back: the screen renders again, and loads its code anew (routing/lazy-pages). */
  private retry = () => {
    window.removeEventListener('online', this.retry);
    retryFailedScreens();
    this.setState({ failed: false, offline: false });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.offline) {
      return (
        <section className="error-screen card" role="status" data-testid="offline-not-loaded">
          <h1>Offline: not loaded yet</h1>
          <p>
            This page has not been opened on this device before, and there is no connection to load it. It opens by
            itself when the connection returns.
          </p>
        </section>
      );
    }
    return (
      <section className="error-screen card" role="alert">
        <h1>Something went wrong</h1>
        <p>We're sorry, but something unexpected happened. Our team has been notified.</p>
        <div className="actions">
          <button type="button" className="button primary" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
          <button type="button" className="button" onClick={() => window.location.assign('/')}>
            Go Home
          </button>
        </div>
      </section>
    );
  }
}
