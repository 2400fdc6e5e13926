import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { production } from '../../test/support/production-environment';
import { repoRoot } from '../shared/server-root';
import { environmentVariables } from './environment';
import { loadConfig } from './index';

/**
 * The configuration and what the README and deploy/production.env.example say of it (issue #54:
 * production set up from the README alone): a variable the schema reads but the README's table
 * does not name, a setting production requires but the example file or the README's "needs"
 * sentence leaves out, or an example file the production profile refuses, fails here.
 */

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const EXAMPLE = 'deploy/production.env.example';
const exampleText = readFileSync(path.join(repoRoot, EXAMPLE), 'utf8');

/** The lines of `text` from the heading `from` up to the next heading of the same or a higher level. */
function section(text: string, from: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf(from);
  expect(start, `README heading «${from}»`).toBeGreaterThanOrEqual(0);
  const level = from.indexOf(' ');
  const end = lines.findIndex(
    (line, index) => index > start && /^#+ /.test(line) && line.indexOf(' ') <= level,
  );
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

/**
 * KEY=value lines as systemd's EnvironmentFile reads them, in the one form where the two agree: a
 * value bare (no space, quote or backslash) or in double quotes (kept as written, `\n` included,
 * which systemd keeps inside double quotes and the certificates' settings read as a line break).
 */
function parseEnvironmentFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(?:"([^"\\$`]*(?:\\n[^"\\$`]*)*)"|([^\s"'\\$`]*))$/.exec(line);
    expect(match, `${EXAMPLE}:${index + 1} is not KEY=value or KEY="value"`).not.toBeNull();
    const [, name = '', quoted, bare] = match ?? [];
    expect(values, `${EXAMPLE}: ${name} is set twice`).not.toHaveProperty(name);
    values[name] = quoted ?? bare ?? '';
  }
  return values;
}

const example = parseEnvironmentFile(exampleText);

/** The example with each placeholder (a value holding "…") replaced by a valid test value. */
const filledIn = Object.fromEntries(
  Object.entries(example).map(([name, value]) => {
    if (!value.includes('…')) return [name, value];
    const test = (production as Record<string, string | undefined>)[name];
    expect(test, `no test value for ${EXAMPLE}'s placeholder ${name}`).toBeDefined();
    return [name, test];
  }),
);

/** What the production profile refuses to start without: each setting whose removal stops the start. */
const required = Object.keys(filledIn).filter((name) => {
  const { [name]: _removed, ...rest } = filledIn;
  try {
    loadConfig(rest);
    return false;
  } catch {
    return true;
  }
});

describe('the configuration as the README and the example environment file give it', () => {
  it('names every variable the environment schema reads in the README’s Configuration table', () => {
    const table = section(readme, '## Configuration')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .join('\n');
    const unnamed = environmentVariables.filter((name) => !table.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });

  it('starts the production profile from the example file, its placeholders filled in', () => {
    expect(Object.keys(example).filter((name) => !(environmentVariables as string[]).includes(name))).toEqual(
      [],
    );
    const config = loadConfig(filledIn);
    expect(config.profile).toBe('production');
    expect(config.taxis.standIn).toBe(false);
    expect(config.mail.devMailbox).toBe(false);
    // Behind the balancer: its address trusted, and the writes follow the leader after a failover.
    expect(config.trustedProxies).toEqual(['127.0.0.1']);
    expect(example.DATABASE_URL).toMatch(
      /^postgres:\/\/[^@]+@[^/,]+,[^/]+\/\w+\?target_session_attrs=read-write$/,
    );
    expect(config.database).toEqual({ kind: 'postgres', url: example.DATABASE_URL });
  });

  it('holds no secret of its own: every key, secret and certificate is a placeholder', () => {
    const secrets = [
      'TAXIS_CLIENT_ID',
      'TAXIS_CLIENT_SECRET',
      'GATE_SIGNING_KEYS',
      'CLAIM_CODE_KEY',
      'AUDIT_DIGEST_KEY',
      'CREDENTIAL_ISSUER_KEYS',
      'CREDENTIAL_ISSUER_CERTIFICATES',
      'CREDENTIAL_ISSUER_TRUST_ANCHORS',
      'VERIFIER_ACCESS_KEY',
      'VERIFIER_ACCESS_CERTIFICATES',
      'VERIFIER_ACCESS_TRUST_ANCHORS',
      'WALLET_PROVIDER_TRUST_ANCHORS',
      'SMTP_URL',
    ];
    expect(secrets.filter((name) => !example[name]?.includes('…'))).toEqual([]);
  });

  it('names every setting production requires in the README’s "needs" sentence and its refusals', () => {
    // Everything the profile requires (profiles.ts), found by taking each away; SMTP_URL among them.
    expect(required).toEqual(
      expect.arrayContaining(['PUBLIC_URL', 'DATABASE_URL', 'CREDENTIAL_ISSUER_KEYS', 'SMTP_URL']),
    );
    const running = section(readme, '## Running in production');
    expect(running).toContain(`[\`${EXAMPLE}\`](${EXAMPLE})`);
    const needs = /The production profile needs ([\s\S]*?)\.(?:\s|$)/.exec(running)?.[1] ?? '';
    expect(required.filter((name) => !needs.includes(`\`${name}\``))).toEqual([]);
    // The refusals' table: the rows of what production refuses to start without.
    const unsetRows = section(readme, '## Configuration')
      .split('\n')
      .filter((line) => line.startsWith('| `production` |') && line.split('|')[2]?.includes('unset'))
      .join('\n');
    expect(required.filter((name) => !unsetRows.includes(`\`${name}\``))).toEqual([]);
  });

  it('gives the README’s Prometheus example intervals short enough for the alerts’ 1-minute holds', () => {
    const prometheusYml = /```yaml\n# prometheus\.yml[\s\S]*?```/.exec(readme)?.[0] ?? '';
    // Prometheus's default is 1m for both: a `for: 1m` alert would fire 2–3 minutes after the fault.
    expect(prometheusYml).toMatch(/^global:\n {2}scrape_interval: 15s\b.*\n {2}evaluation_interval: 15s$/m);
  });
});
