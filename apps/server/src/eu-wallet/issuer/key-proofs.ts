import type { X509Certificate } from 'node:crypto';
import { EmbeddedJWK, jwtVerify, type JWK } from 'jose';
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
 * `key_attestation` header (Appendix D; HAIP 1.0 has an EU wallet send one) the attestation is verified too and the
 * proof's key must be one it attests; a nonce in it must be the proof's. Without one the proof stands
 * alone, as a wallet without a provider's attestation sends it (docs/design.md §12).
 */
async function verifyJwtProof(
  proof: string,
  issuer: string,
  anchors: readonly X509Certificate[],
): Promise<ProvenKey> {
  let verified;
  try {
    verified = await jwtVerify(proof, EmbeddedJWK, {
      typ: 'openid4vci-proof+jwt',
      audience: issuer,
      algorithms: ['ES256', 'EdDSA'],
      maxTokenAge: `${ISSUANCE_NONCE_SECONDS} seconds`,
      clockTolerance: 30,
    });
  } catch {
    throw new AppError('ISSUANCE_INVALID_PROOF');
  }
  const { payload, protectedHeader } = verified;
  if (!protectedHeader.jwk) throw new AppError('ISSUANCE_INVALID_PROOF');
  if (typeof payload.nonce !== 'string') throw new AppError('ISSUANCE_INVALID_NONCE');
  const jwk = publicJwkOf(protectedHeader.jwk);
  const keyAttestation: unknown = protectedHeader.key_attestation;
  if (keyAttestation !== undefined) {
    if (typeof keyAttestation !== 'string') throw new AppError('ISSUANCE_INVALID_PROOF');
    const attested = await verifyKeyAttestation(keyAttestation, { anchors, use: 'jwt' });
    if (!(await isAttested(jwk, attested.attestedKeys))) throw new AppError('ISSUANCE_INVALID_PROOF');
    if (attested.nonce !== undefined && attested.nonce !== payload.nonce)
      throw new AppError('ISSUANCE_INVALID_NONCE');
  }
  return { jwk, nonce: payload.nonce };
}

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
