import { describe, expect, it } from 'vitest';
import { createHash, generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { importJWK, SignJWT, type JWK } from 'jose';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { verifySdJwtPresentation } from './sd-jwt-presentation';

/**
 * The gate's presentation reader against an SD-JWT VC issued and presented by `@sd-jwt/sd-jwt-vc`
 * (issuer, holder and key-binding JWT), none of it the platform's code: the reader follows the
 * specification, not the platform's own writer. The API test (test/eu-wallet-presentation.test.ts)
 * presents a credential the platform issued.
 */
const ISSUER = 'https://tickets.example';
const VCT = `${ISSUER}/api/wallet/oid4vci/types/ticket`;
const AUDIENCE = 'redirect_uri:https://tickets.example/api/gate/presentation-responses/abc';
const NONCE = 'n-0S6_WzA2Mj';

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateJwk: privateKey.export({ format: 'jwk' }) as JWK,
    publicJwk: publicKey.export({ format: 'jwk' }) as JWK,
  };
};
const issuerKey = keyPair();
const issuerKeys = [{ ...issuerKey.publicJwk, kid: 'k1' }];
const walletKey = keyPair();

async function sdJwt(kbKey = walletKey) {
  return new SDJwtVcInstance({
    hasher: digest,
    saltGenerator: generateSalt,
    signer: await ES256.getSigner(issuerKey.privateJwk as JsonWebKey),
    signAlg: 'ES256',
    kbSigner: await ES256.getSigner(kbKey.privateJwk as JsonWebKey),
    kbSignAlg: 'ES256',
  });
}

async function credential() {
  const now = Math.floor(Date.now() / 1000);
  return (await sdJwt()).issue(
    {
      iss: ISSUER,
      iat: now,
      exp: now + 3600,
      vct: VCT,
      cnf: { jwk: walletKey.publicJwk },
      status: { status_list: { idx: 7, uri: `${ISSUER}/api/wallet/oid4vci/status-lists/1` } },
      ticket_code: '303000000001',
      holder_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      under_15: false,
    },
    { _sd: ['ticket_code', 'holder_name', 'under_15'] },
    { header: { kid: 'k1' } },
  );
}

async function present(
  kb: { nonce?: string; aud?: string; iat?: number } = {},
  options: { kbKey?: ReturnType<typeof keyPair> } = {},
) {
  return (await sdJwt(options.kbKey)).present(
    await credential(),
    { ticket_code: true, holder_name: true },
    {
      kb: {
        payload: {
          nonce: kb.nonce ?? NONCE,
          aud: kb.aud ?? AUDIENCE,
          iat: kb.iat ?? Math.floor(Date.now() / 1000),
        },
      },
    },
  );
}

const verify = (vpToken: string) =>
  verifySdJwtPresentation(vpToken, {
    issuerKeys,
    issuer: ISSUER,
    vct: VCT,
    nonce: NONCE,
    audience: AUDIENCE,
    now: new Date(),
  });

describe("the gate's SD-JWT VC presentation reader", () => {
  it('accepts a presentation and answers only the disclosed claims, the key and the status entry', async () => {
    const check = await verify(await present());
    expect(check).toMatchObject({
      ok: true,
      disclosed: { ticket_code: '303000000001', holder_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' },
      status: { idx: 7, uri: `${ISSUER}/api/wallet/oid4vci/status-lists/1` },
      vct: VCT,
    });
    expect(check.ok && Object.keys(check.disclosed).sort()).toEqual(['holder_name', 'ticket_code']);
  });

  it('refuses each broken binding with its reason', async () => {
    expect(await verify(await present({ nonce: 'another' }))).toEqual({
      ok: false,
      reason: 'PRESENTATION_NONCE',
    });
    expect(await verify(await present({ aud: 'x509_hash:aGFzaCBvZiBhbm90aGVyIHZlcmlmaWVy' }))).toEqual({
      ok: false,
      reason: 'PRESENTATION_AUDIENCE',
    });
    const stale = Math.floor(Date.now() / 1000) - 600;
    expect(await verify(await present({ iat: stale }))).toEqual({ ok: false, reason: 'PRESENTATION_STALE' });
    expect(await verify(await present({}, { kbKey: keyPair() }))).toEqual({
      ok: false,
      reason: 'PRESENTATION_KEY',
    });
  });

  it('refuses a credential not signed by an issuer key, a forged disclosure and a missing key binding', async () => {
    const vpToken = await present();
    const [jwt = '', ...rest] = vpToken.split('~');
    const [header, payload] = jwt.split('.');
    const otherSignature = (await (await sdJwt()).issue({ iss: ISSUER, vct: VCT }, undefined)).split('.')[2];
    const forgedJwt = `${header}.${payload}.${otherSignature?.split('~')[0]}`;
    expect(await verify([forgedJwt, ...rest].join('~'))).toEqual({
      ok: false,
      reason: 'PRESENTATION_INVALID',
    });
    // A disclosure the issuer did not sign, under a key binding the wallet made over it.
    const forgedDisclosure = Buffer.from(JSON.stringify(['salt', 'holder_name', 'ΑΛΛΟΣ'])).toString(
      'base64url',
    );
    const forged = `${jwt}~${forgedDisclosure}~`;
    const kbJwt = await new SignJWT({
      nonce: NONCE,
      aud: AUDIENCE,
      iat: Math.floor(Date.now() / 1000),
      sd_hash: createHash('sha256').update(forged).digest('base64url'),
    })
      .setProtectedHeader({ alg: 'ES256', typ: 'kb+jwt' })
      .sign(await importJWK(walletKey.privateJwk, 'ES256'));
    expect(await verify(`${forged}${kbJwt}`)).toEqual({
      ok: false,
      reason: 'PRESENTATION_INVALID',
    });
    expect(await verify(`${vpToken.slice(0, vpToken.lastIndexOf('~'))}~`)).toEqual({
      ok: false,
      reason: 'PRESENTATION_INVALID',
    });
  });
});
