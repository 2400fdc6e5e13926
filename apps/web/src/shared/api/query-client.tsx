import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The one cache of the server's state (docs/design.md §6). Its defaults leave the spec's §8 rules
 * where they are, in `client.ts`: that client already sends a refused read once more, so a query is
 * not retried again here; whether the network is there is the client's to find out (a query runs
 * even when the browser says it is offline, and fails with the system message as before); and a
 * screen asks again when it opens or a write changes what it shows, not when the window regains focus.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      networkMode: 'always',
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
    mutations: { networkMode: 'always' },
  },
});

/**
 * A page under the one client. Loaded with the lazy pages (`lazy-page.tsx`), not in `main.tsx`, so
 * the library stays out of the landing page's JavaScript: only pages behind it read server state.
 */
export function withQueryClient<Props extends object>(Page: ComponentType<Props>) {
  return function QueryPage(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  };
}
