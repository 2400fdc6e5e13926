// `npm test`: every stage of the suite, each run whether or not an earlier one failed (a failing unit
// test must not hide what the browser tests say), then one line per stage and the command's verdict:
// it fails when any stage failed, and names them. The browser tests alone wait on the build they run.
//
// Two lanes run side by side. The resilience stage mostly waits (a mail server down for a minute,
// processes killed and restarted: about 40 % of one core), so it shares the machine with the
// CPU-bound lint, type check and unit tests instead of adding its minutes to theirs; the build and
// the browser tests follow it in its lane, as the resilience tests build the server the same way.
// A stage's output is held and printed whole when it ends, so the two lanes' lines never interleave.
import { spawn } from 'node:child_process';

const lanes = [
  [
    { name: 'lint', script: 'lint' },
    { name: 'types', script: 'typecheck' },
    { name: 'API contract', script: 'test:contract' },
    { name: 'unit and API', script: 'test:unit' },
  ],
  [
    { name: 'resilience', script: 'test:resilience' },
    { name: 'build', script: 'build' },
    { name: 'browser', script: 'test:e2e', needs: 'build' },
  ],
];

const outcomes = new Map();

/** Runs `npm run <script>`, its output (stdout and stderr together) held until it ends. */
function run(stage) {
  console.log(`npm test: ${stage.name} started (npm run ${stage.script})`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', stage.script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      console.log(`\n──────── npm test: ${stage.name} (npm run ${stage.script}) ────────\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0 ? 'passed' : `FAILED (exit ${code ?? signal})`);
    });
  });
}

async function runLane(stages) {
  for (const stage of stages) {
    if (stage.needs && outcomes.get(stage.needs)?.status !== 'passed') {
      outcomes.set(stage.name, { status: `not run: ${stage.needs} failed`, seconds: 0 });
      continue;
    }
    const started = Date.now();
    const status = await run(stage);
    outcomes.set(stage.name, { status, seconds: Math.round((Date.now() - started) / 1000) });
  }
}

const started = Date.now();
await Promise.all(lanes.map(runLane));

console.log('\n──────── npm test: stages ────────');
for (const stage of lanes.flat()) {
  const { status, seconds } = outcomes.get(stage.name);
  console.log(`${stage.name.padEnd(14)} ${status}${seconds ? ` (${seconds} s)` : ''}`);
}
console.log(`${'in all'.padEnd(14)} ${Math.round((Date.now() - started) / 1000)} s, in two lanes`);
const failed = lanes
  .flat()
  .filter((stage) => outcomes.get(stage.name).status !== 'passed')
  .map((stage) => stage.name);
if (failed.length > 0) {
  console.log(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nnpm test: every stage passed');
