import { z } from 'zod';
import { gateMessages as text, presentationRefusalMessages } from '../gate-messages';
import { admissionSchema } from './gate';

/**
 * The gate's OpenID4VP verifier (docs/design.md §12): a steward's device asks for a request, shows
 * its `openid4vp://` link as a QR, and reads back the answer; the wallet fetches the signed request
 * object and posts its presentation to the response URI.
 */
export const presentationRequestCreateSchema = z.strictObject({
  eventId: z.number({ error: text.eventId }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type PresentationRequestCreate = z.infer<typeof presentationRequestCreateSchema>;

export const presentationRequestSchema = z.object({
  id: z.uuid(),
  /** The link the steward's screen shows as a QR (cross-device flow): `openid4vp://`, OpenID4VP's scheme. */
  uri: z.string(),
  /** The same request by HAIP's scheme (`haip://`), which EU wallets must open: the screen's other QR. */
  haipUri: z.string(),
  clientId: z.string(),
  requestUri: z.string(),
  expiresAt: z.string(),
});
export type PresentationRequest = z.infer<typeof presentationRequestSchema>;

/** The DCQL query's one credential query id: the wallet answers `vp_token: { ticket: [...] }`. */
export const TICKET_CREDENTIAL_QUERY_ID = 'ticket';

/** What a refused presentation tells the wallet (ASCII, as `OAUTH_DESCRIPTION` says); the steward reads the Greek. */
export const presentationRefusalDescriptions: Record<keyof typeof presentationRefusalMessages, string> = {
  PRESENTATION_INVALID:
    'The presentation does not verify: not signed by this issuer, or parts of it are missing.',
  PRESENTATION_NONCE: "The presentation answers another request: its nonce is not this request's.",
  PRESENTATION_AUDIENCE: 'The presentation is addressed to another verifier: its aud is not this client_id.',
  PRESENTATION_STALE: 'The key binding JWT is too old.',
  PRESENTATION_KEY: 'The key binding JWT is signed with a key other than the one the credential is bound to.',
  PRESENTATION_CLAIMS: 'The presentation withholds claims the DCQL query requires.',
  PRESENTATION_ENCRYPTION:
    "The response is not a JWE encrypted to this request's key (response_mode direct_post.jwt).",
};

export const PRESENTATION_REFUSALS = Object.keys(presentationRefusalMessages) as [
  keyof typeof presentationRefusalMessages,
  ...(keyof typeof presentationRefusalMessages)[],
];

/**
 * What the steward's device reads back: PENDING until a presentation verifies (or EXPIRED), then
 * DECIDED (the entry decision, as for a scanned code, without the registry's personal data), with
 * the disclosed claims only; REFUSED once PRESENTATION_ANSWERS answers were refused (the last one's
 * reason). While PENDING or EXPIRED, `refusal` and `message` say why the last answer, if any, was
 * refused: the request stays open for the fan's wallet to answer again.
 */
export const presentationResultSchema = z.object({
  status: z.enum(['PENDING', 'EXPIRED', 'REFUSED', 'DECIDED']),
  refusal: z.enum(PRESENTATION_REFUSALS).nullable(),
  message: z.string().nullable(),
  admission: admissionSchema.nullable(),
  disclosed: z.record(z.string(), z.unknown()).nullable(),
});
export type PresentationResult = z.infer<typeof presentationResultSchema>;

/**
 * A wallet's POST to `request_uri` (OpenID4VP 1.0 §5.10): a form with its metadata (JSON) and a nonce
 * for the request object to carry back; whatever else it sends is ignored.
 */
export const presentationRequestUriPostSchema = z.looseObject({
  wallet_metadata: z
    .string()
    .max(16 * 1024)
    .optional(),
  wallet_nonce: z.string().max(200).optional(),
});

/**
 * The wallet's `direct_post.jwt` (OpenID4VP 1.0 §8.3): a form whose `response` is a JWE encrypted to
 * the request's key, holding `vp_token`. A plain `vp_token` (`direct_post`) is read only to be refused.
 */
export const presentationResponseSchema = z.object({
  response: z
    .string()
    .max(96 * 1024)
    .optional(),
  vp_token: z
    .string()
    .max(64 * 1024)
    .optional(),
  state: z.string().max(200).optional(),
});
