import type { Scenario } from '../shared/load';

/**
 * A claim or a personalization binds a ticket: the two cannot bind the same one. Each binds a ticket
 * of its own (to a document of its own), and answers it: the ticket and document it was sent; the two
 * answers are the same but for what is that ticket's and binding's own (`own`; each ticket's gate code
 * is new and random).
 */
export async function checkSameBindings(
  platform: string,
  floor: string,
  scenario: Scenario,
  own: string[],
): Promise<void> {
  const post = async (url: string) => {
    const body = scenario.body?.() ?? '{}';
    const sent = JSON.parse(body) as Record<string, unknown>;
    const response = await fetch(`${url}${scenario.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...scenario.headers, ...scenario.nextHeaders?.() },
      body,
    });
    const text = await response.text();
    const answer = JSON.parse(text) as Record<string, unknown>;
    if (
      answer.publicCode !== (sent.ticketCode ?? sent.publicCode) ||
      ('documentId' in sent && answer.documentId !== sent.documentId)
    ) {
      throw new Error(
        `${scenario.name}: ${url} answers another ticket or document than it was sent:\n${text}`,
      );
    }
    for (const key of own) delete answer[key];
    for (const fixture of (answer.fixtures ?? []) as Record<string, unknown>[]) delete fixture.gateCode;
    return `${response.status} ${JSON.stringify(answer)}`;
  };
  const [mine, floors] = [await post(platform), await post(floor)];
  if (mine !== floors) {
    throw new Error(`${scenario.name}: the floor answers\n${floors}\nthe platform\n${mine}`);
  }
}
