import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { generateGateKeyPair } from '@tickets/domain';

// A random port unless given: two runs on one machine must not meet. Workers inherit it. Between the
// resilience tests' 21 000–30 000 and the ephemeral ports from 32 768 that the API tests' servers get,
// so that another run's tests on the same machine cannot take it.
process.env.E2E_PORT ??= String(30_000 + Math.floor(Math.random() * 2_700));
const PORT = Number(process.env.E2E_PORT);
export const baseURL = `http://localhost:${PORT}`;
export const SERVER_LOG = path.resolve(import.meta.dirname, '.logs/server.log');
/**
 * The server's platform key for gate codes, made for this run and known to the specs, as a leaked key
 * would be: the table of entry cases signs a credential for another phone with it (issue #27 item 6).
 * Workers inherit it.
 */
process.env.E2E_GATE_SECRET_KEY ??= generateGateKeyPair().secretKey;

/**
 * Browser tests against the real server (embedded PGlite in memory, demo data, the TaxisNet
 * stand-in) serving the built SPA, in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // On CI one retry, in a fresh worker and browser: a Node 24 pass once saw Chromium stop painting
  // (an element screenshot waited 90 s for two equal frames, then closing the page timed out too),
  // a hang of the browser on a loaded machine, not of the platform. A test that fails twice fails
  // the run; one that passes on its retry is listed as flaky in the summary.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    locale: 'el-GR',
    timezoneId: 'Europe/Athens',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  globalTeardown: './log-check/no-personal-data-in-logs.ts',
  webServer: {
    command: 'node ../apps/server/dist/main.js', // the compiled server: `npm run build` first
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Always the embedded database, even where DATABASE_URL is set for the API tests. Every log
    // line of the run goes to a file that the teardown searches for personal data.
    env: {
      PORT: String(PORT),
      DATA_DIR: 'memory',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      LOG_FILE: SERVER_LOG,
      PROFILE: 'development',
      // The specs move the steward's clock, not the server's: a reprint must reach the next poll.
      GATE_MANIFEST_REBUILD_SECONDS: '5',
      GATE_SIGNING_KEYS: `1:${process.env.E2E_GATE_SECRET_KEY}`,
    },
  },
});
