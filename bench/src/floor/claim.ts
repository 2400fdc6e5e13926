/**
 * The floor of a claim (POST /api/wallet/tickets): the statements the platform's `addWalletTicket`
 * sends, recorded once with their answers (statements.ts) for a sample fan and ticket, replayed for
 * each request (replay.ts) with that request's values in place of the sample's: the person's ΑΦΜ from
 * the session, the ticket code, a request id given; the ticket's id, the person's ΑΜΚΑ and name read
 * from the answers. The answer is the platform's to the sample, with the ticket's code; a statement
 * that answered rows for the sample and none now (the ticket bound meanwhile) is the platform's
 * refusal. No check of the claim code: the floor does the SQL work only.
 */
import { randomUUID } from 'node:crypto';
import { replay, type Sender } from './replay';
import type { RecordedClaim } from './types';

/** The floor's claim: answers the platform's answer for this claim, or undefined when it is refused. */
export function claimReplay(sender: Sender, recorded: RecordedClaim) {
  const replayed = replay(sender, recorded);
  return (afm: string, publicCode: string): Promise<unknown> =>
    replayed([
      [recorded.sample.afm, afm],
      [recorded.sample.publicCode, publicCode],
      [recorded.sample.requestId, randomUUID()],
    ]);
}
