import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from '../shared/processes';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JavaScript a person downloads (gzip) to reach each route family: the landing route's, then
 * for a family everything its lazily loaded pages need on top of it (Vite's build manifest says
 * which chunk imports which).
 */
export function bundleSizes(): [string, number][] {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (keys: string[], files = new Set<string>()): Set<string> => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) continue;
      files.add(chunk.file);
      withImports(chunk.imports ?? [], files);
    }
    return files;
  };
  const gzipKB = (files: Iterable<string>) =>
    Math.round(
      [...files].reduce(
        (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
        0,
      ) / 102.4,
    ) / 10;
  const landing = withImports(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  const families = new Map<string, string[]>();
  for (const key of Object.keys(manifest)) {
    const family = /^src\/features\/([^/]+)\//.exec(key)?.[1];
    if (family) families.set(family, [...(families.get(family) ?? []), key]);
  }
  return [
    ['landing route JavaScript (KB gzip)', gzipKB(landing)],
    ...[...families].map(([family, keys]): [string, number] => [
      `JavaScript for the ${family} pages, landing included (KB gzip)`,
      gzipKB(withImports(keys, new Set(landing))),
    ]),
  ];
}
