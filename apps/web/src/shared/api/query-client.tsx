import { onlineManager, QueryClient } from '@tanstack/react-query';

/**
 * The browser's word on the network, from the start and for the page's life: the library's own
 * listener takes the start as online and stops listening while no page under the client is mounted,
 * but a steward's screen reloaded with no network starts offline (features/gate/use-offline-gate.ts,
 * whose manifest and uploads wait for the network; every other query and mutation runs whatever the
 * browser says, below).
 */
onlineManager.setEventListener(() => undefined);
onlineManager.setOnline(navigator.onLine);
window.addEventListener('online', () => onlineManager.setOnline(true));
window.addEventListener('offline', () => onlineManager.setOnline(false));

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
