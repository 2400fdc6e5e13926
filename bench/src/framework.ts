/**
 * `npm run framework -w @tickets/bench`: what Fastify alone costs the session check, whose floor is
 * a Map lookup behind `node:http`. The same handler is served three ways (framework-server.ts), each
 * in a process of its own, loaded as the bench loads (50 connections, after a warm-up), in rounds
 * that alternate; each figure is a ratio to `node:http` in the same round. Beside each rate, the CPU
 * time the server's process spent a request (as `npm run cpu` measures the platform's and its
 * floor's): on two cores a rate moves by a fifth from run to run, the CPU a request far less.
 */
import { randomBytes } from 'node:crypto';
import { platformPlumbing } from '../../apps/server/src/bench-api';
import { load, WARM_UP_SECONDS } from './shared/load';
import { startFrameworkServer } from './shared/processes';

const SECONDS = Number(process.env.FRAMEWORK_SECONDS ?? 8);
const ROUNDS = Number(process.env.FRAMEWORK_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT_BASE ?? 9300) + 1;
const token = randomBytes(32).toString('base64url');
const scenario = {
  name: 'session check',
  path: '/api/auth/user',
  headers: { cookie: `${platformPlumbing.session.cookieName}=${token}` },
};
const kinds = [
  ['node:http', 'node:http (the floor)'],
  ['fastify', 'Fastify, a bare route'],
  ['fastify-with-work', 'Fastify, two hooks, the answer checked by zod, the API headers'],
] as const;

const rates = new Map<string, number[]>(kinds.map(([kind]) => [kind, []]));
const cpu = new Map<string, number[]>(kinds.map(([kind]) => [kind, []]));
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const [kind, label] of kinds) {
    const server = await startFrameworkServer(PORT, kind, token);
    try {
      await load(server.url, scenario, WARM_UP_SECONDS, false);
      const before = server.cpuMs();
      const figures = await load(server.url, scenario, SECONDS, false);
      if (figures.errors > 0) throw new Error(`${label}: ${figures.errors} errors`);
      const microseconds = ((server.cpuMs() - before) * 1000) / (figures.requestsPerSecond * SECONDS);
      rates.get(kind)!.push(figures.requestsPerSecond);
      cpu.get(kind)!.push(microseconds);
      console.error(
        `round ${round}: ${label}: ${figures.requestsPerSecond} req/s, ${microseconds.toFixed(1)} µs of CPU a request`,
      );
    } finally {
      await server.stop();
    }
  }
}

const floor = rates.get('node:http')!;
const floorCpu = cpu.get('node:http')!;
console.log(
  '| server | req/s (rounds) | ratio to node:http (rounds) | CPU µs a request (rounds) | node:http’s CPU over its own (rounds) |\n|---|---|---|---|---|',
);
for (const [kind, label] of kinds) {
  const measured = rates.get(kind)!;
  const ratios = measured.map((rate, i) => (rate / floor[i]!).toFixed(2));
  const spent = cpu.get(kind)!;
  const cpuRatios = spent.map((microseconds, i) => (floorCpu[i]! / microseconds).toFixed(2));
  console.log(
    `| ${label} | ${measured.map((rate) => rate.toLocaleString('en')).join(', ')} | ${ratios.join(', ')} | ${spent.map((microseconds) => microseconds.toFixed(1)).join(', ')} | ${cpuRatios.join(', ')} |`,
  );
}
