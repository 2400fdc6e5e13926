import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// By path, not '@tickets/domain': Vite bundles a config's relative imports but hands bare ones to
// Node, which cannot load the package's TypeScript source. messages.ts imports nothing.
import { messages } from '../../packages/domain/src/messages.ts';

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

export default defineConfig({
  plugins: [react(), htmlMessages()],
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
