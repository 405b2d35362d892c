import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The fallback error screen of spec 000 §2 and §8. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
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
