/**
 * Stands in for the use-sync-external-store shim that wouter imports (vite.config.ts): React 19
 * has the hook, and the shim only hands it on after shipping its fallback for React 17 to every page.
 */
export { useSyncExternalStore } from 'react';
