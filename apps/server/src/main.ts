import { ConfigError, loadConfig, SHUTDOWN_GRACE_MS } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { seedDemoData } from './demo';
import { revertDueTransfers } from './features/wallet/transfers.service';
import { purgeExpiredRows } from './purge';
import { eraseExpiredPersonalData } from './retention';
import { logDestination } from './shared/logging';
import { openNotifications } from './shared/notifications';
import { installBindingRule } from './rules/fixtures';
import { keyBareDigests } from './rules/identifier-digests';
import { backfillIdentityKeys, refreshSuspensionKeys } from './rules/suspension-keys';

const PURGE_INTERVAL_MS = 15 * 60_000;
const REVERT_INTERVAL_MS = 60_000;
/** How soon a suspension reaches a person the registry learnt of after it was added. */
const SUSPENSION_REFRESH_INTERVAL_MS = 15 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const logStream = await logDestination(config);
  const app = await buildApp({ config, database, logStream });
  // Processes started together on a fresh database would each find the demo data missing and write
  // it, or race on the job queue's schema: their start-up writes take turns (docs/design.md §2).
  const notifications = await database.oneStartAtATime(async () => {
    await backfillIdentityKeys(database.db);
    await keyBareDigests(database.db, config.auditDigestKey);
    // The binding rule's database function, made from the rule's code before anything binds.
    await installBindingRule(database.db);
    // The outbox first: the demo data's companion request notifies, as any other (README "Notifications").
    const opened = await openNotifications(config, database, app.log);
    if (config.demoData) await seedDemoData(database.db, new Date(), config);
    return opened;
  });
  await app.listen({ host: config.host, port: config.port });
  // Every process delivers its share of the outbox's messages.
  await notifications.startDelivery(() => app.publicUrl(), app.metrics);

  const purge = setInterval(() => {
    purgeExpiredRows(database.db, config.session).catch((error: unknown) =>
      app.log.error({ err: error }, 'purge of expired rows failed'),
    );
    // Personal data past RETENTION_DAYS after its event (README "Retention of personal data").
    eraseExpiredPersonalData(database.db, config.retentionDays, config.suspensionRetentionDays).catch(
      (error: unknown) => app.log.error({ err: error }, 'erasure of personal data past retention failed'),
    );
  }, PURGE_INTERVAL_MS);
  purge.unref();
  // Season tickets lent for a fixture go back to their holder once it is over (transfer rules).
  const revert = setInterval(() => {
    revertDueTransfers(database.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'transfer revert failed'),
    );
  }, REVERT_INTERVAL_MS);
  revert.unref();
  const refresh = setInterval(() => {
    refreshSuspensionKeys(database.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'suspension refresh failed'),
    );
  }, SUSPENSION_REFRESH_INTERVAL_MS);
  refresh.unref();

  const engine =
    database.engine === 'pglite'
      ? `embedded PGlite (${config.database.kind === 'pglite' ? (config.database.dataDir ?? 'in memory') : ''})`
      : 'PostgreSQL';
  const mailbox = notifications.mailbox
    ? `\n  E-mail goes to the development mailbox: ${app.publicUrl()}/mailbox-standin\n`
    : '';
  const metrics = app.metricsUrl() ? `\n  Prometheus metrics: ${app.metricsUrl()}\n` : '';
  console.info(
    `\n  Athletic-event tickets is running on ${engine}.\n  Open ${app.publicUrl()}/tickets\n${mailbox}${metrics}`,
  );

  // Graceful stop (systemd's SIGTERM, Ctrl-C): first out of the balancer's rotation while still
  // serving (SHUTDOWN_DRAIN_SECONDS, plugins/drain.ts), then no new connections, every request already
  // in flight answered (its audit row committed, since each request awaits its own), the pool closed.
  const stop = async (signal: string) => {
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
    clearInterval(purge);
    clearInterval(revert);
    clearInterval(refresh);
    app.startDraining();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still open after the grace period: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await notifications.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\n  Cannot start: ${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
