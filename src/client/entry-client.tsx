import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { resolveRoute } from '../shared/routes';
import { App } from './App';
import { loadPage } from './app/pageRegistry';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const route = resolveRoute(window.location.pathname);
// Load the current page's module before hydrating, so the first render matches the prerendered HTML.
await loadPage(route.page);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (route.clientOnly) {
  createRoot(container).render(app);
} else {
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.warn('Hydration recovered from an error', error),
  });
}
