import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnceForChunk } from '../routing/chunk-reload';

/**
 * The route table's error boundary: a screen that threw while rendering, or whose code could not be loaded, shows the
 * fallback error screen of spec 000 §2 and §8 inside the shell. A screen's code goes missing when a deploy replaced its
 * hashed file under a page opened before: the page then reloads once to get the new build, and shows the error screen
 * only if the code is still missing after that.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadOnceForChunk(window.location.pathname, window.sessionStorage)) {
      console.warn("A screen's code is missing (a new version was deployed); reloading", error);
      window.location.reload();
      return;
    }
    console.error('Render error', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
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
