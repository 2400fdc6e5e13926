import { describe, expect, it } from 'vitest';
import example from '../../../../docs/gate-codes-example.json';
import { bytesToHex } from '@noble/hashes/utils.js';
import { fromBase64url } from './bytes';
import { issueWalletCredential, makeWalletCode, parseGateCode, signPaperCode } from './codes';
import { digitsToBytes } from './digits';
import { publicKeyOf } from './keys';
import { verifyManifestSignature, type GateManifest } from './manifest';
import { verifyGateCode } from './verify-gate-code';

/**
 * The worked example of docs/gate-codes.md §10, for a turnstile vendor to check an implementation
 * against: if this test fails, the document (and docs/gate-codes-example.json) is out of date.
 */

// RFC 8032 §7.1, tests 1 and 2: the platform's and the phone's seeds.
const platformKey = { keyId: 1, secretKey: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A' };
const platformKeys = [{ keyId: 1, publicKey: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }];
const deviceSecretKey = 'TM0Imyj_ltqdtsNG7BFOD1uKMZ81q6Yk2oz27U-4pvs';

const codes = {
  paperA:
    '00063591684251143786929550860625251004202016295145265499060801166566814604674626807059569927655307256358140343745186608871586109948794564308748274148538855902806564562701076452619',
  paperB1:
    '00063591684251144010996539721473816014775098851160453064426115341090975867657743448357298349601052782599944651285322705968755463553526117236919874080131357906008851841971174554125',
  paperB2:
    '00063591684251144010996561383960145515464037215615593390000675500248718510007818955957592723788073973963129522117511968683057695534029962504255519431120979988721562740937497079563',
  walletA:
    '003634513665882460440342960173635644596465178814998260812143413752065711416173615036002183355613456616058075747677014607453749505508436514687965765013475675998696507051330440564771224582774849555494448713032321572978528202417894201958213052250805121166076278341002475147042596382579484795980618143220176731906878345195159849976527617296632201392838389338442274400032717260020658887555188345356243168034832702899566604455732830217',
};
const credential =
  'AgEcvpkaFIUHBWmkDiA9QBfD6EOJWpK3CqdNG368nJgszy7ElozAzVXxKvRmDBeAvukOCaaz1J9OdieTsekRojU7zGpKE9ElS9qtaMl7bPwqN9MGgFQzz4vY9XYpiGvcPtPfm8tgTFuuVx3NyA0';

describe('the worked example of docs/gate-codes.md', () => {
  it('has the keys of RFC 8032', () => {
    expect(publicKeyOf(platformKey.secretKey)).toBe(platformKeys[0]?.publicKey);
    expect(publicKeyOf(deviceSecretKey)).toBe('PUAXw-hDiVqStwqnTRt-vJyYLM8uxJaMwM1V8Sr0Zgw');
  });

  it('signs the paper codes and the wallet code to the digits shown', () => {
    expect(signPaperCode({ ticketCode: '123456789012', scopeEventId: 901, serial: 1 }, platformKey)).toBe(
      codes.paperA,
    );
    expect(signPaperCode({ ticketCode: '123456789013', scopeEventId: 900, serial: 1 }, platformKey)).toBe(
      codes.paperB1,
    );
    expect(signPaperCode({ ticketCode: '123456789013', scopeEventId: 900, serial: 2 }, platformKey)).toBe(
      codes.paperB2,
    );
    expect(bytesToHex(digitsToBytes(codes.paperA) as Uint8Array).slice(0, 20)).toBe('01011cbe991a14850701');
    const issued = issueWalletCredential(
      {
        ticketCode: '123456789012',
        scopeEventId: 901,
        credentialId: 5,
        devicePublicKey: publicKeyOf(deviceSecretKey),
        issuedAt: new Date('2026-03-01T10:00:00Z'),
      },
      platformKey,
    );
    expect(issued).toBe(credential);
    expect(bytesToHex(fromBase64url(credential)).slice(0, 26)).toBe('02011cbe991a1485070569a40e');
    expect(
      makeWalletCode({ credential, secretKey: deviceSecretKey, now: new Date('2026-03-14T19:00:00Z') }),
    ).toBe(codes.walletA);
    expect(parseGateCode(codes.walletA)).toMatchObject({ signedAt: new Date('2026-03-14T19:00:00Z') });
  });

  it('has a manifest that verifies and decides as the document says', () => {
    const manifest = example as GateManifest;
    expect(verifyManifestSignature(manifest, platformKeys)).toBe(true);
    const decide = (code: string) =>
      verifyGateCode(code, manifest, { eventId: 901, now: new Date('2026-03-14T19:00:30Z') });
    expect(decide(codes.paperA)).toMatchObject({
      ok: true,
      kind: 'paper',
      holderName: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      seat: 'Θύρα 7, Σειρά 12, Θέση 5',
    });
    expect(decide('7K3M9Q2XH4TP8VW1')).toMatchObject({
      ok: true,
      kind: 'random',
      ticketCode: '123456789012',
    });
    expect(decide(codes.walletA)).toMatchObject({ ok: true, kind: 'wallet', documentHint: '456' });
    expect(decide(codes.paperB1)).toEqual({ ok: false, reason: 'REVOKED', kind: 'paper' });
    expect(decide(codes.paperB2)).toMatchObject({
      ok: true,
      holderName: 'ΑΝΝΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      companion: { name: 'ΝΙΚΟΣ ΟΙΚΟΝΟΜΟΥ', afmHint: '111' },
    });
    const late = verifyGateCode(codes.walletA, manifest, {
      eventId: 901,
      now: new Date('2026-03-14T19:01:01Z'),
    });
    expect(late).toEqual({ ok: false, reason: 'CODE_EXPIRED', kind: 'wallet' });
    expect(decide('H4TP8VW17K3M9Q2X')).toMatchObject({
      ok: false,
      reason: 'SUSPENDED',
      holder: { holderName: 'ΚΩΣΤΑΣ ΔΗΜΟΥ' },
    });
  });
});
