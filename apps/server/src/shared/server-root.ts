import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this file's: the first folder upwards with
 * a package.json. The same answer from the TypeScript sources (src/…) and from the compiled bundle
 * (dist/main.js), whose files sit at other depths.
 */
function findServerRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
/** The monorepo's root, where `npm start` runs and the web app's build lies (apps/web/dist). */
export const repoRoot = path.resolve(serverRoot, '../..');
