import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '#server/api/root.ts';
import { createApiClient } from './api/apiClient';

/**
 * tRPC with react-query, for the dashboard (the only importer, so no public page downloads it).
 */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/** The spec's query defaults: no retries, data never stale, no refetch on focus, 5-minute cache. */
function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false, gcTime: 5 * 60 * 1000 },
      mutations: { retry: false },
    },
  });
}

/** Wraps a feature that talks to the server. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createApiClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
