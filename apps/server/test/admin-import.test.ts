import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTarget, runImport, writeSeason, type ImportRun } from './support/admin-import-runs';

/**
 * `npm run admin -- import` of a club's season, as an operator runs it with its output in a log (not
 * a terminal): it tells its progress while it works, and its memory does not grow with the file.
 * On PostgreSQL when there is one (DATABASE_URL), else PGlite: PostgreSQL imports the season in
 * half the time here (bench/README.md), and the command's memory is then its own, not also the
 * embedded engine's (some 400 MB of PGlite's that do not depend on the file).
 */
const CLUB = 'club-import';
const SEASON = 300_000;

const PROGRESS =
  /^([\d,]+) \/ ([\d,]+) tickets, ([\d,]+)\/s, (?:~\d+(?:m \d+)?s left|done in \d+(?:m \d+)?s)$/;
const CHECKED =
  /^([\d.]+) \/ ([\d.]+) MB checked, [\d.]+ MB\/s, (?:~\d+(?:m \d+)?s left|done in \d+(?:m \d+)?s)$/;
const count = (figure: string) => Number(figure.replaceAll(',', ''));

describe('the admin import of a season, its output not a terminal', () => {
  let folder: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let season: ImportRun;
  let half: ImportRun;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tickets-admin-import-'));
    const { target, drop } = await importTarget(folder, { id: CLUB, name: 'Club of the import test' }, '7');
    dropDatabase = drop;
    // Two files of distinct codes, one twice the other: both runs insert every row.
    const halfFile = path.join(folder, 'half.csv');
    const seasonFile = path.join(folder, 'season.csv');
    await writeSeason(halfFile, '71', SEASON / 2);
    await writeSeason(seasonFile, '72', SEASON);
    half = await runImport(target, halfFile, CLUB);
    season = await runImport(target, seasonFile, CLUB);
  }, 240_000);
  afterAll(async () => {
    await dropDatabase?.();
    await rm(folder, { recursive: true, force: true });
  });

  it('imports every row and reports it at the end, as before', () => {
    expect(half.code).toBe(0);
    expect(season.code).toBe(0);
    expect(half.stdout).toContain('Events: 3 received, 3 new, 0 updated, 0 unchanged, 0 rejected');
    expect(season.stdout).toContain('Events: 3 received, 0 new, 0 updated, 3 unchanged, 0 rejected');
    expect(season.stdout).toContain(
      `Tickets: ${SEASON} received, ${SEASON} new, 0 updated, 0 unchanged, 0 rejected`,
    );
  });

  it('writes the tickets done, the rate and the time left every few seconds while it runs, then the totals', () => {
    const progress = season.stderr
      .map(({ line, whileRunning }) => ({ match: PROGRESS.exec(line), line, whileRunning }))
      .filter(({ match }) => match);
    const last = progress.at(-1);
    expect(last?.line).toMatch(/^300,000 \/ 300,000 tickets, [\d,]+\/s, done in \d+(m \d+)?s$/);

    const during = progress.filter(({ line, whileRunning }) => whileRunning && line.endsWith('left'));
    expect(during.length).toBeGreaterThanOrEqual(3);
    const done = during.map(({ match }) => count(match?.[1] ?? ''));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBeLessThan(SEASON);
    expect(during.every(({ match }) => count(match?.[2] ?? '') === SEASON)).toBe(true);
    expect(count(during.at(-1)?.match?.[3] ?? '')).toBeGreaterThan(0);
  });

  it('tells the progress of its first, checking pass too, in bytes, before any ticket is written', () => {
    const lines = season.stderr.map(({ line }) => line);
    const checking = lines.flatMap((line, index) => {
      const match = CHECKED.exec(line);
      return match ? [{ index, read: Number(match[1]), size: Number(match[2]), line }] : [];
    });
    const firstTickets = lines.findIndex((line) => PROGRESS.test(line));
    expect(checking.length).toBeGreaterThanOrEqual(2);
    expect(checking.every(({ index }) => index < firstTickets)).toBe(true);
    expect(checking.filter(({ line }) => line.endsWith('left')).length).toBeGreaterThanOrEqual(1);
    const last = checking.at(-1);
    expect(last?.line).toMatch(/done in \d+(m \d+)?s$/);
    expect(last?.read).toBe(last?.size);
    expect(last?.size).toBeGreaterThan((SEASON * 50) / 1_000_000);
  });

  it('keeps its memory flat: twice the rows take about the same memory', () => {
    // Measured (bench/README.md): streamed, the season's peak was 0.95–1.24 of the half's, on either
    // engine and a busy machine; read whole, as before, 1.73 on PostgreSQL (and no run at all in HEAP_MB).
    const peaks = `peaks ${half.peakRssKb} kB and ${season.peakRssKb} kB`;
    expect(half.peakRssKb, peaks).toBeGreaterThan(0);
    expect(season.peakRssKb / half.peakRssKb, peaks).toBeLessThan(1.5);
  });
});
