// Browser tests drive Debian's Chromium (Playwright's own browser download cannot work here), and
// read a printed ticket's QR back with Debian's zbar off a page rendered by poppler: another decoder
// than the app's, on what a printer gets. What is missing is installed with apt-get.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/bin/zbarimg', 'zbar-tools'],
  ['/usr/bin/pdftoppm', 'poppler-utils'],
].filter(([binary]) => !existsSync(binary));
if (needed.length > 0) {
  const packages = needed.map(([, name]) => name).join(' ');
  console.log(`Installing Debian's ${packages} with apt-get (about 30 s)…`);
  execSync(`apt-get update -qq && apt-get install -y -qq ${packages}`, { stdio: 'inherit' });
}
