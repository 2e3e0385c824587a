import { Router } from 'wouter';
import { ErrorBoundary } from './app/ErrorBoundary';
import { Layout } from './app/Layout';
import { RouteView } from './app/RouteView';

/** The whole site. On the server `ssrPath` is the address being prerendered. */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
      <Layout>
        <ErrorBoundary>
          <RouteView />
        </ErrorBoundary>
      </Layout>
    </Router>
  );
}
