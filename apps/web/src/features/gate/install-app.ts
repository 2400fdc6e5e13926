import { useEffect } from 'react';

/** Built by vite.config.ts (vite-plugin-pwa and the gate's web manifest). */
const SERVICE_WORKER = '/gate-sw.js';
const WEB_MANIFEST = '/gate.webmanifest';

/**
 * Makes /gate an installable web app that opens without the network (docs/design.md §8 "Offline"):
 * its web manifest, linked from this screen only, and its service worker, scoped to /gate, so the rest
 * of the site is never served from a cache. Outside a production build there is no service worker.
 */
export function useInstallableGate() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = WEB_MANIFEST;
    document.head.append(link);
    if (import.meta.env.PROD && 'serviceWorker' in navigator) {
      // Without it the screen still works online and decides offline while it stays open.
      navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/gate' }).catch(() => undefined);
    }
    return () => link.remove();
  }, []);
}
