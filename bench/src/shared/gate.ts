/** The gate's side of the bench: a device paired as an officer pairs it, and its scans of printed tickets. */
import { demoData } from '../../../apps/server/src/bench-api';
import { printedCode } from './bulk-data';
import type { Scenario } from './load';
import { BENCH_EVENT } from './tickets';

export const GATE_SCENARIO = 'gate admission';

/**
 * Admissions of distinct printed tickets of one event, from a gate device of the club (paired the
 * way an officer does it); every answer is a decision, and each ticket is admitted once.
 */
export async function gateScenario(
  url: string,
  officer: string,
  /** Which printed tickets it scans: the `count` after ticket `from` (addPrintedCodes's arguments). */
  printed: { from: number; count: number },
): Promise<{ scenario: Scenario; device: { token: string; eventId: number } }> {
  const created = await fetch(`${url}/api/ticket-office/gate-devices`, {
    method: 'POST',
    headers: { cookie: officer, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'bench', organisationId: demoData.club.organisationId }),
  });
  const { token: pairingToken } = (await created.json()) as { token: string };
  // Paired as the steward's screen does: the pairing token exchanged for the device's credential.
  const paired = await fetch(`${url}/api/gate/pairing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pairingToken}` },
  });
  const { credential: token } = (await paired.json()) as { credential: string };
  const authorization = `Bearer ${token}`;
  const events = (await (await fetch(`${url}/api/gate/events`, { headers: { authorization } })).json()) as {
    eventId: number;
    eventDescription: string;
  }[];
  const eventId = events.find((event) => event.eventDescription === BENCH_EVENT)?.eventId;
  if (eventId === undefined) throw new Error('the gate device does not see the bench event');
  let next = 0;
  return {
    scenario: {
      name: GATE_SCENARIO,
      method: 'POST',
      path: '/api/gate/admissions',
      headers: { authorization },
      body: () => JSON.stringify({ eventId, code: printedCode((next++ % printed.count) + 1, printed.from) }),
    },
    device: { token, eventId },
  };
}
