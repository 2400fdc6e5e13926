import { DcqlPresentationResult, DcqlQuery, type DcqlSdJwtVcCredential } from 'dcql';
import { SD_JWT_VC_FORMAT, TICKET_CREDENTIAL_QUERY_ID } from '@tickets/domain';

/**
 * What the gate asks a wallet for (docs/design.md §12): one ticket credential of the platform's `vct`
 * with five top-level claims, every one required (no `claim_sets`): the steward reads the holder's
 * name and seat off the answer, and `under_15` tells them a child enters only with a companion.
 */
const ASKED_CLAIMS = ['ticket_code', 'event', 'seat', 'holder_name', 'under_15'] as const;

/** The DCQL query of a request object (OpenID4VP 1.0 §6), as the request carries it. */
export const presentationQuery = (vct: string): DcqlQuery.Input => ({
  credentials: [
    {
      id: TICKET_CREDENTIAL_QUERY_ID,
      format: SD_JWT_VC_FORMAT,
      meta: { vct_values: [vct] },
      claims: ASKED_CLAIMS.map((name) => ({ path: [name] })),
    },
  ],
});

/**
 * Whether a verified presentation meets the query it answers (OpenID4VP 1.0 §8.6): its `vct` among
 * the query's and every claim the query requires disclosed, as the DCQL library matches a
 * presentation (the library wallets match their credentials with).
 */
export function answersQuery(vct: string, presented: { vct: string; disclosed: Record<string, unknown> }) {
  const result = DcqlPresentationResult.fromDcqlPresentation(
    {
      [TICKET_CREDENTIAL_QUERY_ID]: [
        {
          credential_format: SD_JWT_VC_FORMAT,
          vct: presented.vct,
          // Parsed from the disclosures' JSON: JSON values.
          claims: presented.disclosed as DcqlSdJwtVcCredential.Claims,
          cryptographic_holder_binding: true,
        },
      ],
    },
    { dcqlQuery: DcqlQuery.parse(presentationQuery(vct)) },
  );
  return result.can_be_satisfied;
}
