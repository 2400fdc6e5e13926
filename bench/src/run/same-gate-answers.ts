import type { Scenario } from '../shared/load';

/**
 * An admission writes, so the two cannot answer the same request alike; instead: a ticket the
 * platform admitted, scanned again by both, gives the same refusal byte for byte (the first
 * admission's time and device included); and a ticket the floor admits gives the platform's
 * admission answer, but for what is the ticket's own, which the platform, scanning it again, shows
 * as the floor gave it.
 */
export async function checkSameGateAnswers(platform: string, floor: string, gate: Scenario): Promise<void> {
  const post = async (url: string, body: string) => {
    const response = await fetch(`${url}${gate.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...gate.headers },
      body,
    });
    return `${response.status} ${await response.text()}`;
  };
  const differ = (what: string, floors: unknown, mine: unknown) =>
    new Error(`gate admission, ${what}: the floor answers
${String(floors)}
the platform
${String(mine)}`);
  const first = gate.body?.() ?? '';
  const admitted = await post(platform, first);
  const [again, floorsAgain] = [await post(platform, first), await post(floor, first)];
  if (again !== floorsAgain) throw differ('a ticket admitted before', floorsAgain, again);
  const second = gate.body?.() ?? '';
  const floors = await post(floor, second);
  const parse = (answer: string) =>
    JSON.parse(answer.slice(answer.indexOf(' ') + 1)) as Record<string, unknown>;
  const [mine, theirs, rescanned] = [parse(admitted), parse(floors), parse(await post(platform, second))];
  const own = ['admissionId', 'admittedAt', 'documentHint', 'seat'];
  const shared = (answer: Record<string, unknown>) =>
    JSON.stringify(Object.entries(answer).map(([key, value]) => (own.includes(key) ? key : [key, value])));
  if (admitted.slice(0, 4) !== floors.slice(0, 4) || shared(mine) !== shared(theirs)) {
    throw differ('an admission', floors, admitted);
  }
  for (const key of ['admittedAt', 'documentHint', 'seat', 'admittedBy']) {
    if (rescanned[key] !== theirs[key])
      throw differ(`the ticket's ${key}`, floors, JSON.stringify(rescanned));
  }
}
