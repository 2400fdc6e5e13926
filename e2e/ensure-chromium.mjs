// Browser tests drive Debian's Chromium: Playwright's own browser download cannot work here.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log("Chromium is missing: installing Debian's chromium package with apt-get (about 30 s)…");
  execSync('apt-get update -qq && apt-get install -y -qq chromium', { stdio: 'inherit' });
}
