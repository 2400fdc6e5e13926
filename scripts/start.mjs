// `npm start`: builds the web app and the server when a build is missing or older than its sources,
// then runs the compiled server in this process (so Ctrl-C and SIGTERM reach it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const shared = ['packages/domain/src', 'packages/domain/package.json', 'package-lock.json'];
const builds = [
  {
    workspace: '@tickets/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/scripts',
    ],
  },
  {
    workspace: '@tickets/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/scripts', 'apps/server/package.json'],
  },
];

/** The newest modification time of a file or of any file below a folder. */
function newestChange(entry) {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry, { withFileTypes: true }).reduce(
    (newest, child) => Math.max(newest, newestChange(path.join(entry, child.name))),
    stats.mtimeMs,
  );
}

function isStale(output, sources) {
  const built = path.join(root, output);
  if (!existsSync(built)) return true;
  const sourceTime = Math.max(
    ...[...sources, ...shared].map((entry) => newestChange(path.join(root, entry))),
  );
  return sourceTime > statSync(built).mtimeMs;
}

for (const { workspace, output, sources } of builds) {
  if (!isStale(output, sources)) continue;
  console.log(`building ${workspace} (missing or older than its sources)`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
