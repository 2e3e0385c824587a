import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '#server/api/root.ts';

/**
 * The plain tRPC client. The enquiry forms use it directly (no react-query: a form sends, it
 * does not cache); the dashboard wraps it in react-query (src/client/trpc.tsx).
 */
export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: '/api/trpc', transformer: superjson })],
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

let sharedClient: ApiClient | undefined;

/** One client for the page's lifetime. */
export function apiClient(): ApiClient {
  sharedClient ??= createApiClient();
  return sharedClient;
}
