import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMETHEUS, PROMTOOL, freePortish, killHard, repoRoot, startServer } from './support';

const RULES_FOLDER = path.join(repoRoot, 'deploy/prometheus');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The operators' alert rules as they are in the repository (deploy/prometheus/alerts.yml): valid for
 * Prometheus (`promtool check rules`), and each alert firing, or not, on the series of its unit tests
 * (`promtool test rules`, alerts.test.yml); then a real Prometheus, loading those rules, scrapes a
 * running server's METRICS_PORT every second and its own query finds the requests made.
 */
describe('the Prometheus alert rules and a real scrape', () => {
  const port = freePortish();
  const metricsPort = port + 1;
  const prometheusPort = port + 2;
  const prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
  let server: ChildProcess | undefined;
  let prometheus: ChildProcess | undefined;
  let folder = '';
  const prometheusLog: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tickets-prometheus-'));
    server = await startServer(port, { DATA_DIR: 'memory', METRICS_PORT: String(metricsPort) });
    const config = path.join(folder, 'prometheus.yml');
    // As an operator's: the job named as alerts.yml expects, the rules file as it is.
    await writeFile(
      config,
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: ['${path.join(RULES_FOLDER, 'alerts.yml')}']`,
        'scrape_configs:',
        "  - job_name: 'athletic-tickets'",
        `    static_configs: [{ targets: ['127.0.0.1:${metricsPort}'] }]`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(folder, 'data')}`,
        `--web.listen-address=127.0.0.1:${prometheusPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const stream of [prometheus.stdout, prometheus.stderr])
      stream?.on('data', (chunk: Buffer) => prometheusLog.push(chunk.toString()));
  });

  afterAll(async () => {
    if (prometheus) await killHard(prometheus);
    if (server) await killHard(server);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('passes promtool check rules and promtool test rules', () => {
    const checked = execFileSync(PROMTOOL, ['check', 'rules', 'alerts.yml'], {
      cwd: RULES_FOLDER,
      encoding: 'utf8',
    });
    expect(checked).toContain('SUCCESS: 16 rules found');
    const tested = execFileSync(PROMTOOL, ['test', 'rules', 'alerts.test.yml'], {
      cwd: RULES_FOLDER,
      encoding: 'utf8',
    });
    expect(tested).toContain('SUCCESS');
  });

  it("answers a query of Prometheus's own with the requests made, the database up and the rules loaded", async () => {
    const base = `http://localhost:${port}`;
    for (let request = 0; request < 7; request += 1)
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const query = async (promql: string) => {
      const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await response.json()) as { data: { result: { value: [number, string] }[] } };
      return body.data.result.map((series) => Number(series.value[1]));
    };
    const healthChecks =
      'sum(tickets_http_request_duration_seconds_count{job="athletic-tickets", route="/healthz", status="200"})';
    let found: number[] = [];
    const deadline = Date.now() + 25_000;
    while (Date.now() < deadline) {
      found = await query(healthChecks).catch(() => []);
      if (found[0] === 7) break;
      await sleep(500);
    }
    expect(found, prometheusLog.join('')).toEqual([7]);
    expect(await query('tickets_database_up{job="athletic-tickets"}')).toEqual([1]);
    expect(await query('tickets_process_ready{job="athletic-tickets"}')).toEqual([1]);
    expect(await query('up{job="athletic-tickets"}')).toEqual([1]);
    // The rules file loaded as it is, every alert quiet on a healthy process (the backups' too: no
    // database is scraped here).
    const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; state: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => rule.name).sort()).toEqual([
      'PatroniNoLeader',
      'PatroniNoSynchronousStandby',
      'PatroniNodeDown',
      'PatroniReplicationLag',
      'TicketsBackupTooOld',
      'TicketsBackupUnknown',
      'TicketsBalancerDown',
      'TicketsDatabaseUnreachable',
      'TicketsEventLoopDelayed',
      'TicketsGateDeviceSilent',
      'TicketsManifestDeltaLarge',
      'TicketsNoServerUp',
      'TicketsOutboxStuck',
      'TicketsProcessNotReady',
      'TicketsServerErrors',
      'TicketsWalArchivingFailing',
    ]);
    // A new process's first minute may hold one stall over 100 ms (code compiled on first use: 120 ms
    // once on Node 24 here). The loop's rule is pending then, which is what its `for: 2m` is for; every
    // other rule stays quiet.
    const raised = loaded.filter(
      (rule) =>
        rule.state === 'firing' || (rule.state === 'pending' && rule.name !== 'TicketsEventLoopDelayed'),
    );
    expect(raised).toEqual([]);
  });
});
