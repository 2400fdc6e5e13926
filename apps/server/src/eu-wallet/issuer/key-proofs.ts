import type { X509Certificate } from 'node:crypto';
import { decodeProtectedHeader, EmbeddedJWK, importJWK, jwtVerify, type JWK } from 'jose';
import { ISSUANCE_NONCE_SECONDS, type CredentialRequest } from '@tickets/domain';
import { AppError } from '../../shared/app-error';
import { publicJwkOf } from './sd-jwt-vc';
import { isAttested, verifyKeyAttestation } from './wallet-attestations';

/**
 * The credential request's key proof (OpenID4VCI 1.0 Appendix F), of the two types the issuer's
 * metadata names (docs/design.md §12): what the credential is bound to, and the c_nonce to spend.
 */

/** The key a credential is bound to, and the c_nonce its proof carries (spent before issuing). */
interface ProvenKey {
  jwk: JWK;
  nonce: string;
}

/**
 * The wallet's `jwt` key proof (OpenID4VCI 1.0 Appendix F.1), verified; its key and nonce. With a
 * `key_attestation` header (Appendix D; HAIP 1.0 has an EU wallet send one) the attestation is
 * verified first, and the proof's key must be one it attests: its `jwk`, or, without one, the
 * attested key its `kid` names by position (`"0"` the first, as the specification's example has it).
 * A nonce in the attestation must be the proof's. Without an attestation the proof stands alone, its
 * key in `jwk`, as a wallet without a provider's attestation sends it (docs/design.md §12).
 */
async function verifyJwtProof(
  proof: string,
  issuer: string,
  anchors: readonly X509Certificate[],
): Promise<ProvenKey> {
  const header = headerOf(proof);
  const keyAttestation: unknown = header.key_attestation;
  if (keyAttestation !== undefined && typeof keyAttestation !== 'string')
    throw new AppError('ISSUANCE_INVALID_PROOF');
  const attested =
    keyAttestation === undefined
      ? undefined
      : await verifyKeyAttestation(keyAttestation, { anchors, use: 'jwt' });
  const named = header.jwk ? undefined : attested?.attestedKeys[positionOf(header.kid)];
  if (!header.jwk && !named) throw new AppError('ISSUANCE_INVALID_PROOF');
  let verified;
  try {
    verified = await jwtVerify(
      proof,
      named ? (protectedHeader) => importJWK(named, protectedHeader.alg) : EmbeddedJWK,
      {
        typ: 'openid4vci-proof+jwt',
        audience: issuer,
        algorithms: ['ES256', 'EdDSA'],
        maxTokenAge: `${ISSUANCE_NONCE_SECONDS} seconds`,
        clockTolerance: 30,
      },
    );
  } catch {
    throw new AppError('ISSUANCE_INVALID_PROOF');
  }
  const { payload, protectedHeader } = verified;
  if (typeof payload.nonce !== 'string') throw new AppError('ISSUANCE_INVALID_NONCE');
  const jwk = named ?? publicJwkOf(protectedHeader.jwk ?? {});
  if (attested) {
    if (!(await isAttested(jwk, attested.attestedKeys))) throw new AppError('ISSUANCE_INVALID_PROOF');
    if (attested.nonce !== undefined && attested.nonce !== payload.nonce)
      throw new AppError('ISSUANCE_INVALID_NONCE');
  }
  return { jwk, nonce: payload.nonce };
}

const headerOf = (proof: string) => {
  try {
    return decodeProtectedHeader(proof);
  } catch {
    throw new AppError('ISSUANCE_INVALID_PROOF');
  }
};

/** A `kid` that is a position in `attested_keys` ("0", "1", …); anything else names none. */
const positionOf = (kid: unknown) => (typeof kid === 'string' && /^\d{1,3}$/.test(kid) ? Number(kid) : -1);

/**
 * The `attestation` proof (OpenID4VCI 1.0 Appendix F.3): a key attestation alone, no signature of
 * the key itself. Its nonce must be a c_nonce of the nonce endpoint (spent as a `jwt` proof's is),
 * and the credential is bound to the first key it attests: the platform issues one per offer.
 */
async function verifyAttestationProof(
  attestation: string,
  anchors: readonly X509Certificate[],
): Promise<ProvenKey> {
  const { attestedKeys, nonce } = await verifyKeyAttestation(attestation, { anchors, use: 'attestation' });
  const [jwk] = attestedKeys;
  if (!jwk) throw new AppError('ISSUANCE_INVALID_PROOF');
  if (nonce === undefined) throw new AppError('ISSUANCE_INVALID_NONCE');
  // A key of the algorithms a `jwt` proof may use: a presentation's key-binding JWT is checked with it.
  if (!isBindable(jwk)) throw new AppError('ISSUANCE_INVALID_PROOF');
  return { jwk, nonce };
}

/** A P-256 key (ES256) or an Ed25519 key (EdDSA). */
const isBindable = (jwk: JWK) =>
  (jwk.kty === 'EC' && jwk.crv === 'P-256') || (jwk.kty === 'OKP' && jwk.crv === 'Ed25519');

/**
 * The request's one key proof, of either type the metadata names, verified: the key to bind the
 * credential to and the nonce to spend. A request with none, or with both types, is refused.
 */
export async function verifyKeyProof(
  proofs: CredentialRequest['proofs'],
  issuer: string,
  anchors: readonly X509Certificate[],
): Promise<ProvenKey> {
  const [jwt] = proofs?.jwt ?? [];
  const [attestation] = proofs?.attestation ?? [];
  if (jwt !== undefined && attestation === undefined) return verifyJwtProof(jwt, issuer, anchors);
  if (attestation !== undefined && jwt === undefined) return verifyAttestationProof(attestation, anchors);
  throw new AppError('ISSUANCE_INVALID_PROOF');
}
