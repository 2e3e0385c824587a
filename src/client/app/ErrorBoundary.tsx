import { Component, type ErrorInfo, type ReactNode } from 'react';

type State = { error: Error | null };

/** The spec's generic failure screen: shown when a page fails to render, with a way to reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <section className="error-screen" role="alert">
        <h1>Something went wrong</h1>
        <p>We're sorry, but there was an error loading this page. Please try refreshing the page.</p>
        <pre className="error-screen__message">{error.message}</pre>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </section>
    );
  }
}
