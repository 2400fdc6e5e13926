import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = {
  PROFILE: 'production',
  TAXIS_STANDIN: 'false',
  PUBLIC_URL: 'https://tickets.example.gov.gr',
  DATABASE_URL: 'postgres://tickets@db/tickets',
  TAXIS_BASE_URL: 'https://oauth2.gsis.gr',
  TAXIS_CLIENT_ID: 'client',
  TAXIS_CLIENT_SECRET: 'secret',
};

describe('configuration', () => {
  it('runs the embedded database, demo data and the TaxisNet stand-in by default', () => {
    const config = loadConfig({});
    expect(config.profile).toBe('development');
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
    expect(config.demoData).toBe(true);
    expect(config.taxis.standIn).toBe(true);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
  });

  it('refuses the stand-in in the production profile', () => {
    expect(() => loadConfig({ ...production, TAXIS_STANDIN: 'true' })).toThrow(
      /stand-in cannot run in the production/,
    );
    expect(() => loadConfig({ ...production, TAXIS_STANDIN: 'yes' })).toThrow(ConfigError);
    const { TAXIS_STANDIN: _omitted, ...implicit } = production;
    expect(loadConfig(implicit).taxis.standIn).toBe(false);
  });

  it('names what the production profile is missing', () => {
    const { TAXIS_CLIENT_SECRET: _secret, TAXIS_BASE_URL: _base, ...partial } = production;
    expect(() => loadConfig(partial)).toThrow(/TAXIS_BASE_URL, TAXIS_CLIENT_SECRET/);
  });

  it('accepts a complete production configuration without demo data', () => {
    const config = loadConfig(production);
    expect(config.taxis).toMatchObject({ standIn: false, baseUrl: 'https://oauth2.gsis.gr' });
    expect(config.demoData).toBe(false);
  });

  it('explains a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres:\/\//);
  });
});
