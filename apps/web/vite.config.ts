import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
// By path, not '@tickets/domain': Vite bundles a config's relative imports but hands bare ones to
// Node, which cannot load the package's TypeScript source. The two import nothing but a type.
import { gateScreenMessages } from '../../packages/domain/src/gate-messages.ts';
import { messages } from '../../packages/domain/src/messages.ts';
import { unusedDesignSystemCss } from './scripts/unused-design-system-css.ts';

const server = 'http://localhost:8080';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** index.html's Greek title and description, from the one messages module (no copy in HTML). */
const htmlMessages = (): Plugin => ({
  name: 'tickets-html-messages',
  transformIndexHtml: (html) =>
    html
      .replace(/<!-- %APP_TITLE%.*?-->\s*/s, '')
      .replaceAll('%APP_TITLE%', escapeHtml(messages.app.title))
      .replaceAll('%APP_DESCRIPTION%', escapeHtml(messages.app.description)),
});

/**
 * The steward's screen installs as its own web app (docs/design.md §8 "Offline"): its manifest,
 * named from the messages module, with the scope /gate only, so the rest of the site stays an
 * ordinary web page. The gate page links it and registers the service worker (features/gate).
 */
const gateWebManifest = (): Plugin => ({
  name: 'tickets-gate-web-manifest',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'gate.webmanifest',
      source: JSON.stringify({
        id: '/gate',
        name: gateScreenMessages.appName,
        short_name: gateScreenMessages.appShortName,
        description: gateScreenMessages.appDescription,
        lang: 'el',
        start_url: '/gate',
        scope: '/gate',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#003476',
        icons: [{ src: '/gate-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      }),
    });
  },
});

/** Vite's build manifest: which chunks and styles each module of the app loads. */
interface BuildManifest {
  [key: string]: { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
}
const GATE_PAGE = 'src/features/gate/gate-page.tsx';

/**
 * The files the steward's screen loads: the app's entry with what it imports, the query client that
 * comes with every lazy page, and the gate page with everything it imports, even lazily. Not the
 * other screens' chunks: a phone at a turnstile stores what it runs.
 */
function gateShell(manifest: BuildManifest): Set<string> {
  const files = new Set(['index.html', 'gate.webmanifest', 'gate-icon.svg']);
  const visit = (key: string, lazily: boolean) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach((imported) => visit(imported, lazily));
    if (lazily) chunk.dynamicImports?.forEach((imported) => visit(imported, lazily));
  };
  visit('index.html', false);
  visit(GATE_PAGE, true);
  if (!manifest[GATE_PAGE]) throw new Error(`${GATE_PAGE} is not in the build manifest.`);
  return files;
}

/**
 * The gate's service worker (Workbox, precaching): it controls /gate alone, and serves the app
 * shell there from its cache, so a steward's phone opens the screen with the network gone. It
 * caches no API answer: the manifest and the admissions live in IndexedDB (features/gate). A chunk
 * the screen loads beyond its shell (hashed, so never stale) is kept the first time it is fetched.
 */
const gateServiceWorker = () =>
  VitePWA({
    strategies: 'generateSW',
    filename: 'gate-sw.js',
    scope: '/gate',
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
      globIgnores: ['gate-sw.js'],
      manifestTransforms: [
        (entries) => {
          const built = fileURLToPath(new URL('dist/.vite/manifest.json', import.meta.url));
          const shell = gateShell(JSON.parse(readFileSync(built, 'utf8')) as BuildManifest);
          return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
        },
      ],
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/gate(?:[/?]|$)/],
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: 'gate-assets', expiration: { maxEntries: 50 } },
        },
      ],
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      sourcemap: false,
    },
  });

export default defineConfig({
  plugins: [
    unusedDesignSystemCss(fileURLToPath(new URL('src', import.meta.url))),
    react(),
    htmlMessages(),
    gateWebManifest(),
    gateServiceWorker(),
  ],
  // The manifest (dist/.vite, never served) tells the bench which chunks each route family loads.
  build: { outDir: 'dist', sourcemap: false, manifest: true },
  // `npm run dev -w @tickets/web` against a server started with `npm start`.
  server: {
    proxy: { '/api': server, '/oauth2': server, '/login': server, '/oauth2server': server },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
