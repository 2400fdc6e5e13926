// `npm test`: every stage of the suite, each run whether or not an earlier one failed (a failing unit
// test must not hide what the browser tests say), then one line per stage and the command's verdict:
// it fails when any stage failed, and names them. The browser tests alone wait on the build they run.
import { spawnSync } from 'node:child_process';

const stages = [
  { name: 'lint', script: 'lint' },
  { name: 'types', script: 'typecheck' },
  { name: 'API contract', script: 'test:contract' },
  { name: 'unit and API', script: 'test:unit' },
  { name: 'resilience', script: 'test:resilience' },
  { name: 'build', script: 'build' },
  { name: 'browser', script: 'test:e2e', needs: 'build' },
];

const outcomes = new Map();
for (const stage of stages) {
  const started = Date.now();
  if (stage.needs && outcomes.get(stage.needs)?.status !== 'passed') {
    outcomes.set(stage.name, { status: `not run: ${stage.needs} failed`, seconds: 0 });
    continue;
  }
  console.log(`\n──────── npm test: ${stage.name} (npm run ${stage.script}) ────────\n`);
  const run = spawnSync('npm', ['run', stage.script], { stdio: 'inherit' });
  const status = run.status === 0 ? 'passed' : `FAILED (exit ${run.status ?? run.signal})`;
  outcomes.set(stage.name, { status, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n──────── npm test: stages ────────');
for (const [name, { status, seconds }] of outcomes) {
  console.log(`${name.padEnd(14)} ${status}${seconds ? ` (${seconds} s)` : ''}`);
}
const failed = [...outcomes].filter(([, { status }]) => status !== 'passed').map(([name]) => name);
if (failed.length > 0) {
  console.log(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: every stage passed');
