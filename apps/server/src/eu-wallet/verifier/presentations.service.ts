import { createHash, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  EMPTY_ADMISSION,
  PRESENTATION_ANSWERS,
  PRESENTATION_REQUEST_MINUTES,
  presentationRefusalMessages,
  SD_JWT_VC_FORMAT,
  TICKET_CREDENTIAL_QUERY_ID,
  type Admission,
  type PlatformPublicKey,
  type PresentationRefusal,
  type PresentationRequest,
  type PresentationResult,
} from '@tickets/domain';
import type { Config, VerifierAccess } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../shared/app-error';
import { audit } from '../../shared/audit';
import type { Device } from '../../shared/guards';
import type { EuWalletPorts } from '../ports';
import {
  CREDENTIAL_STATUS,
  listCredentialStatuses,
  statusNumberOf,
  ticketVct,
} from '../status/credential-status';
import {
  findOpenPresentationRequest,
  findPresentationResult,
  insertPresentationRequest,
  recordPresentationResult,
  refuseAnswer,
  spendPresentationRequest,
} from './presentations.queries';
import { answersQuery, presentationQuery } from './presentation-query';
import { verifySdJwtPresentation, type PresentationCheck } from './sd-jwt-presentation';
import {
  newResponseKey,
  openResponse,
  RESPONSE_ENC_VALUES,
  responseEncryptionJwk,
} from './response-encryption';

/**
 * The gate as an OpenID4VP 1.0 verifier (docs/design.md §12), cross-device: the steward's device asks
 * for a request and shows its link as a QR; the wallet fetches the signed request object (JAR,
 * RFC 9101) at `request_uri` and posts its presentation, encrypted to the request's key
 * (`direct_post.jwt`), to `response_uri`; the device reads the answer. The request, its nonce, its key
 * and its answer are a row: any process serves any step.
 */

export const PRESENTATION_PATHS = {
  requests: '/api/gate/presentation-requests',
  requestObject: (id: string) => `/api/gate/presentation-requests/${id}/request-object`,
  response: (id: string) => `/api/gate/presentation-requests/${id}/response`,
} as const;

/**
 * The verifier's client identifier (HAIP 1.0 §5, OpenID4VP 1.0 §5.9.3): `x509_hash:` and the
 * base64url SHA-256 of its access certificate's DER, the leaf of the `x5c` the signed request object
 * carries. A wallet checks the chain against the relying parties' trust anchors it knows, and the
 * hash against the leaf. The key-binding JWT's `aud` is this identifier.
 */
export const verifierClientId = ([leaf = '']: readonly string[]) =>
  `x509_hash:${createHash('sha256').update(Buffer.from(leaf, 'base64')).digest('base64url')}`;

type VerifierContext = { issuer: string; access: VerifierAccess };

export async function createPresentationRequest(
  db: Db,
  device: Device,
  eventId: number,
  context: VerifierContext & { requestId: string },
): Promise<PresentationRequest> {
  const nonce = randomBytes(24).toString('base64url');
  const row = await insertPresentationRequest(db, {
    nonce,
    responseKey: newResponseKey(),
    deviceId: device.id,
    organisationId: device.organisationId,
    eventId,
    minutes: PRESENTATION_REQUEST_MINUTES,
  });
  if (!row) throw new AppError('EVENT_NOT_FOUND');
  const clientId = verifierClientId(context.access.x5c);
  const requestUri = `${context.issuer}${PRESENTATION_PATHS.requestObject(row.id)}`;
  // The wallet may fetch the request object by POST (its metadata and a nonce of its own) or GET.
  const query = new URLSearchParams({
    client_id: clientId,
    request_uri: requestUri,
    request_uri_method: 'post',
  });
  return {
    id: row.id,
    uri: `openid4vp://?${query.toString()}`,
    haipUri: `haip://?${query.toString()}`,
    clientId,
    requestUri,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The signed request object (`oauth-authz-req+jwt`) of an open request. */
export async function presentationRequestObject(
  db: Db,
  id: string,
  context: VerifierContext & { walletNonce?: string | undefined },
): Promise<string> {
  const row = await findOpenPresentationRequest(db, id);
  if (!row) throw new AppError('PRESENTATION_REQUEST_NOT_FOUND');
  const clientId = verifierClientId(context.access.x5c);
  return new SignJWT({
    client_id: clientId,
    response_type: 'vp_token',
    response_mode: 'direct_post.jwt',
    response_uri: `${context.issuer}${PRESENTATION_PATHS.response(id)}`,
    nonce: row.nonce,
    state: id,
    // The wallet's own nonce, when it POSTed one to `request_uri`: this object is fresh for it.
    ...(context.walletNonce !== undefined && { wallet_nonce: context.walletNonce }),
    dcql_query: presentationQuery(ticketVct(context.issuer)),
    client_metadata: {
      // The answer is encrypted to this request's key (response-encryption.ts).
      jwks: { keys: row.responseKey ? [responseEncryptionJwk(row.responseKey, id)] : [] },
      encrypted_response_enc_values_supported: [...RESPONSE_ENC_VALUES],
      vp_formats_supported: {
        [SD_JWT_VC_FORMAT]: { 'sd-jwt_alg_values': ['ES256'], 'kb-jwt_alg_values': ['ES256', 'EdDSA'] },
      },
    },
  })
    .setProtectedHeader({
      alg: 'ES256',
      typ: 'oauth-authz-req+jwt',
      x5c: context.access.x5c,
    })
    .setIssuer(clientId)
    .setAudience('https://self-issued.me/v2')
    .setIssuedAt()
    .setExpirationTime(Math.floor(row.expiresAt.getTime() / 1000))
    .sign(context.access.key);
}

/** The one presentation of `vp_token` (OpenID4VP 1.0 §8.1: `{ "<query id>": ["<presentation>"] }`). */
function presentationOf(vpToken: unknown): string {
  const presentations = (vpToken as Record<string, unknown> | null)?.[TICKET_CREDENTIAL_QUERY_ID];
  const list: unknown[] = Array.isArray(presentations) ? presentations : [];
  const [presentation] = list;
  if (typeof presentation !== 'string' || list.length !== 1)
    throw new AppError('PRESENTATION_RESPONSE_INVALID');
  return presentation;
}

/** A refused answer, counted against the request (`refuseAnswer`), audited, and the refusal answered. */
async function refuse(
  db: Db,
  id: string,
  refusal: PresentationRefusal,
  request: { deviceId: string; eventId: number },
  requestId: string,
): Promise<{ refusal: PresentationRefusal }> {
  await audit(db, {
    actor: `device:${request.deviceId}`,
    action: 'GATE_PRESENTATION_REFUSE',
    subject: null,
    requestId,
    details: { eventId: request.eventId, reason: refusal },
  });
  const result: PresentationResult = {
    status: 'REFUSED',
    refusal,
    message: presentationRefusalMessages[refusal],
    admission: null,
    disclosed: null,
  };
  if (!(await refuseAnswer(db, id, result, PRESENTATION_ANSWERS)))
    throw new AppError('PRESENTATION_REQUEST_NOT_FOUND');
  return { refusal };
}

/** The decision a steward reads of a presentation: the registry's personal data left out. */
const withoutRegistryData = (admission: Admission): Admission => ({
  ...admission,
  holderName: EMPTY_ADMISSION.holderName,
  documentType: EMPTY_ADMISSION.documentType,
  documentHint: EMPTY_ADMISSION.documentHint,
  seat: EMPTY_ADMISSION.seat,
  companion: EMPTY_ADMISSION.companion,
});

/**
 * The wallet's answer: the presentation verified against the open request's nonce and the
 * verifier's identifier and checked against the request's query (every claim it asks for
 * disclosed), the credential's status read as its list says it, then the entry decided as for a
 * scanned code. Only a verified presentation spends the request (of two, one wins); a refused one is
 * counted, recorded as the request's last refusal (the steward reads it while the request stays open
 * for the fan's real answer) and audited with its reason, and spends the request once
 * PRESENTATION_ANSWERS are refused. A refusal is answered `invalid_request`; a decision, whatever it
 * is, with the page the fan is sent to (the route's `redirect_uri`): it is the steward's to read.
 */
export async function answerPresentation(
  db: Db,
  id: string,
  answer: { response?: string; vp_token?: string },
  context: VerifierContext & {
    requestId: string;
    issuerKeys: Config['issuerKeys']['published'];
    trustedKeys: readonly PlatformPublicKey[];
    ports: Pick<EuWalletPorts, 'decidePresentation'>;
  },
): Promise<{ refusal: PresentationRefusal } | { admission: Admission; club: string }> {
  const request = await findOpenPresentationRequest(db, id);
  if (!request) throw new AppError('PRESENTATION_REQUEST_NOT_FOUND');
  // Only an answer encrypted to this request's key is read: a plain `vp_token` is refused unread.
  const opened = await openResponse(answer.response, request.responseKey);
  if (!opened) return refuse(db, id, 'PRESENTATION_ENCRYPTION', request, context.requestId);
  const presentation = presentationOf(opened.vp_token);
  const vct = ticketVct(context.issuer);
  const verified = await verifySdJwtPresentation(presentation, {
    issuerKeys: context.issuerKeys,
    issuer: context.issuer,
    vct,
    nonce: request.nonce,
    audience: verifierClientId(context.access.x5c),
    now: new Date(),
  });
  // A genuine presentation that withholds a claim the query requires answers another question.
  const check: PresentationCheck =
    verified.ok && !answersQuery(vct, verified) ? { ok: false, reason: 'PRESENTATION_CLAIMS' } : verified;
  const ticketCode = check.ok ? check.disclosed.ticket_code : undefined;
  const statusNumber = check.ok ? statusNumberOf(context.issuer, check.status) : undefined;
  if (!check.ok || typeof ticketCode !== 'string' || statusNumber === undefined)
    return refuse(db, id, check.ok ? 'PRESENTATION_INVALID' : check.reason, request, context.requestId);
  // Spent by this presentation, unless another was verified first (the request is then answered).
  if (!(await spendPresentationRequest(db, id))) throw new AppError('PRESENTATION_REQUEST_NOT_FOUND');
  // The credential at its status entry's place: none when its row is gone (past retention).
  const [status] = await listCredentialStatuses(db, { from: statusNumber, to: statusNumber });
  const admission = await context.ports.decidePresentation(
    db,
    { id: request.deviceId },
    {
      kind: 'presentation',
      credentialId: status?.id ?? null,
      keyThumbprint: check.keyThumbprint,
      ticketCode,
      revoked: status?.status === CREDENTIAL_STATUS.INVALID,
    },
    {
      eventId: request.eventId,
      proofDigest: createHash('sha256').update(presentation).digest('base64url'),
    },
    { audit: (entry) => audit(db, entry), requestId: context.requestId, trustedKeys: context.trustedKeys },
  );
  const shown = withoutRegistryData(admission);
  const result: PresentationResult = {
    status: 'DECIDED',
    refusal: null,
    message: shown.message,
    admission: shown,
    disclosed: check.disclosed,
  };
  await recordPresentationResult(db, id, result);
  return { admission: shown, club: request.organisationId };
}

/** What the device reads of its own request. */
export async function presentationResult(db: Db, device: Device, id: string): Promise<PresentationResult> {
  const row = await findPresentationResult(db, id, device.id);
  if (!row) throw new AppError('PRESENTATION_REQUEST_NOT_FOUND');
  const result = row.result as PresentationResult | null;
  if (result && row.answeredAt !== null) return result;
  // Open (or its verified answer being decided), or expired unanswered: with the last refused answer,
  // if any, while the fan's wallet may still try again.
  return {
    status: row.answeredAt === null && row.expired ? 'EXPIRED' : 'PENDING',
    refusal: result?.refusal ?? null,
    message: result?.message ?? null,
    admission: null,
    disclosed: null,
  };
}
