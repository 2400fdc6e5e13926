import { identityKey, withAfmCheckDigit, withAmkaCheckDigit } from '../identifiers';
import { makeWalletCode, issueWalletCredential, signPaperCode } from './codes';
import { generateGateKeyPair, type PlatformKey, type PlatformPublicKey } from './keys';
import { buildGateManifest, type GateManifestEntryInput, type GateManifestInput } from './manifest';

/** Shared by the gate-code tests: one platform key, one fixture of a season, people to hold tickets. */

const platformPair = generateGateKeyPair();
export const platformKey: PlatformKey = { keyId: 3, secretKey: platformPair.secretKey };
export const platformKeys: PlatformPublicKey[] = [{ keyId: 3, publicKey: platformPair.publicKey }];

export const SEASON_ID = 900;
export const EVENT_ID = 901;
/** Another fixture of the same season. */
export const OTHER_FIXTURE_ID = 902;
/** A match of another club, outside the season. */
export const OTHER_EVENT_ID = 77;

/** Kick-off at 20:00 UTC; gates open three hours before, the match is over three hours after. */
export const KICK_OFF = new Date('2026-03-14T20:00:00.000Z');
export const GATES_OPEN = new Date(KICK_OFF.getTime() - 3 * 3600_000);
export const ENDS = new Date(KICK_OFF.getTime() + 3 * 3600_000);
export const DURING = new Date(KICK_OFF.getTime() - 3600_000);

let sequence = 0;

/** A person with valid identifiers and the identity keys the server would resolve for them. */
export function person(firstName: string, lastName: string) {
  sequence += 1;
  const afm = withAfmCheckDigit(String(10_000_000 + sequence * 7919).slice(0, 8));
  const amka = withAmkaCheckDigit(`0101${String(900_000 + sequence).padStart(6, '0')}`);
  const documentId = `ΑΒ${String(100_000 + sequence * 37).padStart(6, '0')}`;
  const details = { firstName, fathersName: 'ΓΕΩΡΓΙΟΣ', lastName, dateOfBirth: '1990-05-17' };
  return {
    name: `${firstName} ${lastName}`,
    afm,
    amka,
    documentId,
    identityKeys: [
      identityKey.afm(afm),
      identityKey.amka(amka),
      identityKey.document(documentId),
      identityKey.details(details),
    ],
  };
}
export type Person = ReturnType<typeof person>;

export const ticketCodeOf = (n: number) => String(400_000_000_000 + n);

/** The manifest entry of one code held by one person, admitted unless told otherwise. */
export function entryFor(
  code: GateManifestEntryInput['code'],
  ticketCode: string,
  holder: Person,
  more: Partial<GateManifestEntryInput> = {},
): GateManifestEntryInput {
  return {
    code,
    ticketCode,
    holderName: holder.name,
    documentType: 'ΤΑΥΤΟΤΗΤΑ',
    documentHint: holder.documentId.slice(-3),
    seat: 'Θύρα 7, Σειρά 12, Θέση 5',
    entersThisEvent: true,
    holderSuspended: false,
    companionRequired: false,
    companion: null,
    ...more,
  };
}

export function manifestOf(entries: GateManifestEntryInput[], more: Partial<GateManifestInput> = {}) {
  return buildGateManifest(
    {
      eventId: EVENT_ID,
      seasonId: SEASON_ID,
      gatesOpenAt: GATES_OPEN,
      endsAt: ENDS,
      createdAt: new Date(GATES_OPEN.getTime() - 3600_000),
      platformKeys,
      revokedPaperCodes: [],
      revokedCredentialIds: [],
      entries,
      ...more,
    },
    platformKey,
  );
}

export const paper = (ticketCode: string, scopeEventId = EVENT_ID, serial = 1) =>
  signPaperCode({ ticketCode, scopeEventId, serial }, platformKey);

/** A phone with its key and its credential for one ticket. */
export function phone(
  ticketCode: string,
  credentialId: number,
  scopeEventId = EVENT_ID,
  issuedAt = GATES_OPEN,
) {
  const device = generateGateKeyPair();
  const credential = issueWalletCredential(
    { ticketCode, scopeEventId, credentialId, devicePublicKey: device.publicKey, issuedAt },
    platformKey,
  );
  return {
    ...device,
    credential,
    codeAt: (now: Date) => makeWalletCode({ credential, secretKey: device.secretKey, now }),
  };
}
