import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_DRAIN_DEFAULT_SECONDS, SHUTDOWN_GRACE_MS } from '../src/config';
import { repoRoot } from '../src/shared/server-root';

/**
 * deploy/systemd/: the platform's processes and the backups' timers as systemd runs them (issue #54
 * item 4). systemd-analyze verify reads each as systemd would (unknown keys, bad values, a command
 * that is not there); the process's stop timeout must outlast its drain and grace, or systemd kills
 * it with requests in flight.
 */

const UNITS = path.join(repoRoot, 'deploy/systemd');
const unit = (name: string) => readFileSync(path.join(UNITS, name), 'utf8');
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('the systemd units', () => {
  it('give a process longer to stop than its drain and its grace, and each its own ports', () => {
    const server = unit('athletic-tickets@.service');
    const timeout = Number(/^TimeoutStopSec=(\d+)s?$/m.exec(server)?.[1]);
    const needed = SHUTDOWN_DRAIN_DEFAULT_SECONDS.production + SHUTDOWN_GRACE_MS / 1000;
    expect(timeout).toBeGreaterThan(needed);
    expect(server).toMatch(/^Environment=PORT=808%i HEALTH_PORT=918%i METRICS_PORT=946%i$/m);
    expect(server).toMatch(/^EnvironmentFile=\/etc\/athletic-tickets\/env$/m);
    // An EnvironmentFile= overrides Environment=: the shared file must leave the ports to the unit.
    const example = readFileSync(path.join(repoRoot, 'deploy/production.env.example'), 'utf8');
    expect(example).not.toMatch(/^(PORT|HEALTH_PORT|METRICS_PORT)=/m);
  });

  describe.skipIf(!hasSystemdAnalyze)('systemd-analyze verify', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'systemd-units-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('accepts every unit, each template by an instance, with nothing to warn of', () => {
      // The units name the release's folder as installed; here, this checkout (whose commands verify
      // checks exist), and the node running this test in case it is not /usr/bin/node.
      for (const name of readdirSync(UNITS)) {
        const text = unit(name)
          .replaceAll('/srv/athletic-tickets', repoRoot)
          .replaceAll('/usr/bin/node', process.execPath);
        writeFileSync(path.join(folder, name), text);
      }
      const instances: Record<string, string[]> = {
        'athletic-tickets@.service': ['1', '2', '3'],
        'athletic-tickets-backup@.service': ['full', 'diff'],
      };
      for (const [template, names] of Object.entries(instances)) {
        for (const instance of names) {
          cpSync(path.join(folder, template), path.join(folder, template.replace('@.', `@${instance}.`)));
        }
      }
      const checked = readdirSync(folder).filter((name) => !name.includes('@.'));
      expect(checked).toEqual(
        expect.arrayContaining(['athletic-tickets.target', 'athletic-tickets-backup-full.timer']),
      );
      const verify = spawnSync(
        'systemd-analyze',
        ['verify', '--man=no', ...checked.map((name) => path.join(folder, name))],
        { encoding: 'utf8', env: { ...process.env, SYSTEMD_LOG_COLOR: '0' } },
      );
      expect(verify.stderr).toBe('');
      expect(verify.status).toBe(0);
    });
  });
});
