import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The gate stays in rooms a newcomer can find (CONTRIBUTING.md, "Features"): no folder of
 * features/gate holds more than twelve files. A room that grows past it is cut again by kind of work.
 */
const GATE = path.resolve(import.meta.dirname, '../src/features/gate');
const FILES_A_FOLDER = 12;

const filesIn = (folder: string) =>
  readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile()).length;

it(`holds no folder of more than ${FILES_A_FOLDER} files in features/gate`, () => {
  const folders = readdirSync(GATE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name));
  const crowded = [GATE, ...folders]
    .map((folder) => ({ folder: path.relative(GATE, folder) || '.', files: filesIn(folder) }))
    .filter(({ files }) => files > FILES_A_FOLDER);
  expect(folders.length).toBeGreaterThan(0);
  expect(crowded).toEqual([]);
});
