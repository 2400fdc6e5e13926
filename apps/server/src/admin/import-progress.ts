import cliProgress from 'cli-progress';
import type { ImportProgress } from './import-file';

/** How often a plain line is written when the output is not a terminal (a log, a pipe, CI). */
export const PLAIN_LINE_EVERY_MS = 2000;

const number = new Intl.NumberFormat('en');

/**
 * The import's progress on standard error, of its checking pass and then of its tickets (standard
 * output keeps the report): on a terminal a bar, redrawn in place; elsewhere the same figures as a
 * plain line every PLAIN_LINE_EVERY_MS, which a log keeps. Either way a last line gives the totals. cli-progress draws both (README, "Libraries, and why").
 */
export function progressOnStderr(): ImportProgress {
  const terminal = process.stderr.isTTY;
  const barOf = (describe: (params: cliProgress.Params) => string) =>
    new cliProgress.SingleBar(
      {
        stream: process.stderr,
        noTTYOutput: true,
        notTTYSchedule: PLAIN_LINE_EVERY_MS,
        hideCursor: true,
        format: (options, params) =>
          `${terminal ? `${cliProgress.Format.BarFormat(params.progress, options)} ` : ''}${describe(params)}`,
      },
      cliProgress.Presets.shades_classic,
    );
  // The checking pass reads the whole file before a ticket is written: minutes for a large one.
  const check = barOf(checked);
  const tickets = barOf(figures);
  let bar = check;
  return {
    startCheck: (bytes) => check.start(bytes, 0),
    updateCheck: (bytes) => check.update(bytes),
    start: (total) => {
      bar = tickets;
      bar.start(total, 0);
    },
    update: (done) => bar.update(done),
    stop: () => bar.stop(),
  };
}

/** `45.2 / 120.0 MB checked, 14.1 MB/s, ~6s left`. */
function checked({ value, total, startTime }: cliProgress.Params): string {
  const seconds = (Date.now() - startTime) / 1000;
  const rate = seconds > 0 ? value / seconds : 0;
  const done = `${megabytes(value)} / ${megabytes(total)} MB checked, ${megabytes(rate)} MB/s`;
  if (value >= total) return `${done}, done in ${duration(seconds)}`;
  return rate > 0 ? `${done}, ~${duration((total - value) / rate)} left` : done;
}

const megabytes = (bytes: number) => (bytes / 1_000_000).toFixed(1);

/** `120,000 / 300,000 tickets, 8,400/s, ~21s left`: the rate is the average since the start. */
function figures({ value, total, startTime }: cliProgress.Params): string {
  const seconds = (Date.now() - startTime) / 1000;
  const rate = seconds > 0 ? value / seconds : 0;
  const done = `${number.format(value)} / ${number.format(total)} tickets, ${number.format(Math.round(rate))}/s`;
  if (value >= total) return `${done}, done in ${duration(seconds)}`;
  return rate > 0 ? `${done}, ~${duration((total - value) / rate)} left` : done;
}

function duration(seconds: number): string {
  const whole = Math.ceil(seconds);
  return whole < 60 ? `${whole}s` : `${Math.floor(whole / 60)}m ${whole % 60}s`;
}
