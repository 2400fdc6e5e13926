import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** The resilience tests run the compiled server, as production does: build it once (≈ 1 s). */
export default function buildServer(): void {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/build.mjs')], {
    stdio: 'inherit',
  });
}
