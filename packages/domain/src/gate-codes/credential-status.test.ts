import { describe, expect, it } from 'vitest';
import { STATUS_LIST_SIZE } from '../constants';
import { statusNumberAt, offlineCredentialStatusRefusal } from './credential-status';
import { verifyManifestSignature, type GateManifest, type GateManifestInput } from './manifest';
import { GateManifestBook } from './manifest-book';
import { applyManifestDelta, verifyManifestDelta, type GateManifestDelta } from './manifest-delta';
import {
  ENDS,
  entryFor,
  EVENT_ID,
  GATES_OPEN,
  manifestOf,
  paper,
  person,
  platformKey,
  platformKeys,
  SEASON_ID,
  ticketCodeOf,
} from './test-fixtures';

/**
 * The offline manifest carries the status of its fixture's EU-wallet credentials (docs/design.md §12),
 * and a device offline refuses a presented credential whose status is not VALID with the reason the
 * server gives online: REVOKED for INVALID, SUSPENDED for SUSPENDED.
 */

const LISTS = 'https://tickets.example.gov.gr/api/wallet/oid4vci/status-lists/';
const holder = person('ΕΛΕΝΗ', 'ΓΕΩΡΓΙΟΥ');
/** Status number 5 is list 1's index 4; STATUS_LIST_SIZE + 3, list 2's index 2. */
const at = (id: number) => ({
  uri: `${LISTS}${Math.floor((id - 1) / STATUS_LIST_SIZE) + 1}`,
  idx: (id - 1) % STATUS_LIST_SIZE,
});

function reading(status: { invalid: number[]; suspended: number[] }): GateManifestInput {
  return {
    eventId: EVENT_ID,
    seasonId: SEASON_ID,
    gatesOpenAt: GATES_OPEN,
    endsAt: ENDS,
    createdAt: new Date(),
    platformKeys,
    revokedPaperCodes: [],
    revokedCredentialIds: [],
    credentialStatus: { lists: LISTS, ...status },
    entries: [entryFor({ kind: 'paper', code: paper(ticketCodeOf(1)) }, ticketCodeOf(1), holder)],
  };
}

describe('credential status offline', () => {
  it('numbers a status entry of the issuer’s lists, and none of another list', () => {
    expect(statusNumberAt(LISTS, { uri: `${LISTS}1`, idx: 0 })).toBe(1);
    expect(statusNumberAt(LISTS, at(STATUS_LIST_SIZE + 3))).toBe(STATUS_LIST_SIZE + 3);
    for (const entry of [
      { uri: `${LISTS}0`, idx: 0 },
      { uri: `${LISTS}1x`, idx: 0 },
      { uri: `${LISTS}1`, idx: STATUS_LIST_SIZE },
      { uri: `${LISTS}1`, idx: -1 },
      { uri: 'https://elsewhere.example/status-lists/1', idx: 0 },
    ])
      expect(statusNumberAt(LISTS, entry), entry.uri).toBeUndefined();
  });

  it('refuses an INVALID credential as REVOKED and a SUSPENDED one as SUSPENDED, admits a VALID one', () => {
    const manifest = manifestOf([], {
      credentialStatus: { lists: LISTS, invalid: [5, 3, 5], suspended: [9] },
    });
    expect(verifyManifestSignature(JSON.parse(JSON.stringify(manifest)), platformKeys)).toBe(true);
    // Sorted, once each: the signed form is canonical.
    expect(manifest.credentialStatus).toEqual({ lists: LISTS, invalid: [3, 5], suspended: [9] });
    expect(offlineCredentialStatusRefusal(manifest, at(5))).toBe('REVOKED');
    expect(offlineCredentialStatusRefusal(manifest, at(9))).toBe('SUSPENDED');
    expect(offlineCredentialStatusRefusal(manifest, at(7))).toBeNull();
    // Another issuer's list, or a manifest without the statuses: nothing the device can vouch for.
    expect(offlineCredentialStatusRefusal(manifest, { uri: 'https://elsewhere.example/1', idx: 4 })).toBe(
      'UNKNOWN_CODE',
    );
    expect(offlineCredentialStatusRefusal(manifestOf([]), at(7))).toBe('UNKNOWN_CODE');
  });

  it('sends a status change in a delta: a credential revoked by a reprint, a suspension lifted', () => {
    const book = new GateManifestBook(reading({ invalid: [], suspended: [9] }), platformKey);
    const held: GateManifest = JSON.parse(JSON.stringify(book.manifest()));
    expect(offlineCredentialStatusRefusal(held, at(5))).toBeNull();
    expect(offlineCredentialStatusRefusal(held, at(9))).toBe('SUSPENDED');

    expect(book.update(reading({ invalid: [5], suspended: [] }))).toBe(true);
    const delta = book.deltaSince(held.salt, held.revision, 100);
    expect(delta?.credentialStatus).toEqual({
      invalid: { added: [5], removed: [] },
      suspended: { added: [], removed: [9] },
    });
    const sent: unknown = JSON.parse(JSON.stringify(delta));
    expect(verifyManifestDelta(sent, platformKeys)).toBe(true);
    const applied = applyManifestDelta(held, sent as GateManifestDelta);
    expect(applied?.credentialStatus).toEqual(book.manifest().credentialStatus);
    expect(offlineCredentialStatusRefusal(applied ?? held, at(5))).toBe('REVOKED');
    expect(offlineCredentialStatusRefusal(applied ?? held, at(9))).toBeNull();

    // The same statuses again change nothing: no new revision, no delta.
    expect(book.update(reading({ invalid: [5], suspended: [] }))).toBe(false);
  });
});
