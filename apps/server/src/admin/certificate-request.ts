// @peculiar/x509 resolves its ASN.1 services through tsyringe, which needs the Reflect metadata API first.
import 'reflect-metadata';
import { createPublicKey, webcrypto, type KeyObject } from 'node:crypto';
import * as x509 from '@peculiar/x509';

const ECDSA_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** Node's WebCrypto, as the library's (DOM-typed) signature names it. */
const crypto = webcrypto as unknown as Parameters<typeof x509.Pkcs10CertificateRequestGenerator.create>[1];

/**
 * A PKCS #10 certificate request for one of the service's signing keys (README "EU wallets:
 * certificates"), PEM: what the operator sends the state PKI's CA, which answers with the chain for
 * CREDENTIAL_ISSUER_CERTIFICATES (the issuer key) or VERIFIER_ACCESS_CERTIFICATES (the gate
 * verifier's access key). It asks for what the leaf must carry (docs/design.md §12): the service's
 * origin as a URI and its host as a dNSName (SD-JWT VC matches the issuer's `iss` against them; a
 * wallet shows the relying party's), a signing key only.
 */
export async function certificateRequest(privateKey: KeyObject, origin: string): Promise<string> {
  const { hostname } = new URL(origin);
  const keys = {
    privateKey: await webcrypto.subtle.importKey(
      'pkcs8',
      privateKey.export({ type: 'pkcs8', format: 'der' }),
      ECDSA_P256,
      false,
      ['sign'],
    ),
    publicKey: await webcrypto.subtle.importKey(
      'spki',
      createPublicKey(privateKey).export({ type: 'spki', format: 'der' }),
      ECDSA_P256,
      true,
      ['verify'],
    ),
  };
  const request = await x509.Pkcs10CertificateRequestGenerator.create(
    {
      name: `CN=${hostname}`,
      keys,
      signingAlgorithm: ECDSA_P256,
      extensions: [
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.SubjectAlternativeNameExtension([
          { type: 'dns', value: hostname },
          { type: 'url', value: origin },
        ]),
      ],
    },
    crypto,
  );
  return request.toString('pem');
}
