/**
 * The ticket release rush (issue #26): fans add the tickets they bought to the wallet, each a
 * different person adding a different ticket, `POST /api/wallet/tickets` with the two codes of the
 * purchase confirmation. The claim codes are the provider API's own answer to the import; the fans
 * are registry people with a signed-in session each, written in bulk (as the declarations are:
 * signing a hundred thousand people in through the TaxisNet stand-in would take the time budget).
 */
import { platformPlumbing } from '../../../apps/server/src/bench-api';
import type { Scenario } from './load';

export const CLAIM_SCENARIO = 'claim';
export const CLAIM_PATH = '/api/wallet/tickets';

/** The fans: n = 1… are adults in the registry, ΑΦΜ 5…, ΑΜΚΑ 6…, each signed in with token `claimToken(n)`. */
export const claimantAfm = (n: number) => `5${String(n).padStart(8, '0')}`;
export const claimantAmka = (n: number) => `6${String(n).padStart(10, '0')}`;
export const claimToken = (n: number) => `bench-claimant-${String(n).padStart(8, '0')}`;
const CLAIMANT_NAME = { firstName: 'ΦΙΛΑΘΛΟΣ', lastNamePrefix: 'ΜΕΤΡΗΣΗΣ' };

/**
 * `count` people in the registry, each with a session as a login leaves it (its id the platform's
 * hash of its token, its absolute expiry the platform's policy), signed in a moment ago.
 */
export const claimantsSql = (count: number): [string, unknown[]][] => [
  [
    `insert into citizens (afm, amka, first_name, last_name, birth_date)
     select '5' || lpad(n::text, 8, '0'), '6' || lpad(n::text, 10, '0'), $2::text, $3::text || n, date '1985-03-03'
     from generate_series(1, $1::int) as n`,
    [count, CLAIMANT_NAME.firstName, CLAIMANT_NAME.lastNamePrefix],
  ],
  [
    `insert into sessions (id_hash, afm, first_name, last_name, expires_at)
     select id_hash, '5' || lpad(n::text, 8, '0'), $1::text, $2::text || n, now() + make_interval(hours => $3::int)
     from unnest($4::text[]) with ordinality as claimant (id_hash, n)`,
    [
      CLAIMANT_NAME.firstName,
      CLAIMANT_NAME.lastNamePrefix,
      platformPlumbing.session.policy.absoluteHours,
      Array.from({ length: count }, (_, i) => platformPlumbing.session.idHash(claimToken(i + 1))),
    ],
  ],
];

export interface Claim {
  publicCode: string;
  claimCode: string;
}

/**
 * Person n adds the n-th ticket of `claims`: every request a new person and a new ticket, as in a
 * release rush. Past the last one the claims repeat, and are refused (counted as errors).
 */
export function claimScenario(
  url: string,
  claims: Claim[],
  /** The fan who adds the first ticket (another run on the same database takes fans of its own). */
  firstFan = 1,
): Scenario {
  let cookieOf = 0;
  let claimOf = 0;
  return {
    name: CLAIM_SCENARIO,
    method: 'POST',
    path: CLAIM_PATH,
    headers: { origin: url },
    nextHeaders: () => {
      cookieOf = (cookieOf % claims.length) + 1;
      return { cookie: `${platformPlumbing.session.cookieName}=${claimToken(firstFan - 1 + cookieOf)}` };
    },
    body: () => {
      const claim = claims[claimOf % claims.length] as Claim;
      claimOf += 1;
      return JSON.stringify(claim);
    },
  };
}
