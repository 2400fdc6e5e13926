import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logDestination, loggerOptions, readableLines } from './logging';

const AFM = '100000027';
const AMKA = '01010112345';

describe('log destinations', () => {
  it('development: readable lines, still without ΑΦΜ or ΑΜΚΑ', async () => {
    const captured = new PassThrough();
    let text = '';
    captured.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const logger = pino(loggerOptions('info'), await readableLines(captured));
    logger.info({ afm: AFM, person: { amka: AMKA }, ticket: '301000000001' }, 'ticket personalized');

    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: ticket personalized \{/);
    expect(text).toContain('"ticket":"301000000001"');
    expect(text.split('\n')).toHaveLength(2);
    expect(text).toContain('[REDACTED]');
    expect(text).not.toContain(AFM);
    expect(text).not.toContain(AMKA);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('production: JSON lines on standard output (pino’s default)', async () => {
    expect(await logDestination({ profile: 'production', logFile: undefined })).toBeUndefined();
  });

  it('LOG_FILE: JSON lines in the file, in either profile', async () => {
    for (const profile of ['development', 'production'] as const) {
      const logFile = path.join(await mkdtemp(path.join(tmpdir(), 'tickets-log-')), 'server.log');
      const logger = pino(loggerOptions('info'), await logDestination({ profile, logFile }));
      logger.info({ afm: AFM }, 'signed in');
      const line = JSON.parse(await readFile(logFile, 'utf8')) as Record<string, unknown>;
      expect(line).toMatchObject({ msg: 'signed in', afm: '[REDACTED]' });
    }
  });
});

describe('request lines', () => {
  function loggedUrl(url: string): string {
    const captured = new PassThrough();
    let text = '';
    captured.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const logger = pino(loggerOptions('info'), captured);
    logger.info({ req: { method: 'GET', url, headers: {} } }, 'incoming request');
    return (JSON.parse(text) as { req: { url: string } }).req.url;
  }

  it('logs the path and the names of the query’s parameters, never their values', () => {
    // A parameter no list of sensitive names foresaw (issue 40, item 7).
    const url = loggedUrl(`/api/wallet/tickets?recipient=${AFM}&page=2&recipient=${AMKA}`);
    expect(url).toBe('/api/wallet/tickets?recipient&page');
    expect(loggedUrl(`/login/oauth2/code/taxis?code=x&state=${AFM}`)).toBe(
      '/login/oauth2/code/taxis?code&state',
    );
    expect(loggedUrl('/api/auth/user')).toBe('/api/auth/user');
    expect(loggedUrl(`/api/x?${AFM}`)).not.toContain(AFM);
  });
});
