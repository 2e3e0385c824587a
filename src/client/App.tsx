import { Router } from 'wouter';
import type { FormPostResult } from '../shared/enquiries/formPostResult';
import { ErrorBoundary } from './app/ErrorBoundary';
import { FormPostResultContext } from './app/formPostResult';
import { Layout } from './app/Layout';
import { RouteView } from './app/RouteView';

type AppProps = {
  /** On the server: the address being rendered. */
  ssrPath?: string;
  /** On the server: the outcome of a form posted without JavaScript. */
  formPostResult?: FormPostResult;
};

/** The whole site. */
export function App({ ssrPath, formPostResult }: AppProps) {
  return (
    <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
      <FormPostResultContext value={formPostResult}>
        <Layout>
          <ErrorBoundary>
            <RouteView />
          </ErrorBoundary>
        </Layout>
      </FormPostResultContext>
    </Router>
  );
}
