// Compiles the server and the admin command into dist/ for plain `node`, no TypeScript at run time.
// @tickets/domain (TypeScript source in the workspace) is bundled in; every other package stays
// in node_modules (PGlite finds its .wasm files beside its own modules).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const { dependencies } = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@tickets/'));

await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', admin: 'src/admin/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built in apps/server/dist (main.js, admin.js)');
