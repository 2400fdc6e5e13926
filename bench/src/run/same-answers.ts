import { CLAIM_SCENARIO } from '../shared/claim';
import { GATE_SCENARIO } from '../shared/gate';
import type { Scenario } from '../shared/load';
import { checkSameBindings } from './same-bindings';
import { checkSameGateAnswers } from './same-gate-answers';

/**
 * The floor must answer what the platform answers: each read scenario's answer from both, byte for
 * byte (but for the origin in the logout address); a write's as its own check says.
 */
export async function checkSameAnswers(platform: string, floor: string, all: Scenario[]): Promise<void> {
  const answer = async (url: string, scenario: Scenario) => {
    const response = await fetch(`${url}${scenario.path}`, {
      method: scenario.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...scenario.headers },
      body: scenario.body?.(),
    });
    return `${response.status} ${(await response.text()).replaceAll(url, 'ORIGIN')}`;
  };
  for (const scenario of all) {
    if (scenario.name === 'personalization') {
      const own = ['publicCode', 'documentId', 'sector', 'gate', 'row', 'seat', 'privateCode'];
      await checkSameBindings(platform, floor, scenario, [
        ...own,
        'createdOn',
        'modifiedOn',
        'personalizedOn',
      ]);
      continue;
    }
    if (scenario.name === GATE_SCENARIO) {
      await checkSameGateAnswers(platform, floor, scenario);
      continue;
    }
    if (scenario.name === CLAIM_SCENARIO) {
      await checkSameBindings(platform, floor, scenario, ['publicCode', 'sector', 'gate', 'row', 'seat']);
      continue;
    }
    const [mine, floors] = [await answer(platform, scenario), await answer(floor, scenario)];
    if (mine !== floors) {
      throw new Error(`${scenario.name}: the floor answers\n${floors}\nthe platform\n${mine}`);
    }
  }
}
