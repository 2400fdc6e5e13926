import { writeSync } from 'node:fs';

/**
 * Preloaded into a child process (`--import`) whose memory a test measures: on exit it writes its
 * peak resident set, in kilobytes, as the last line of its standard error.
 */
process.on('exit', () => {
  writeSync(2, `peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
