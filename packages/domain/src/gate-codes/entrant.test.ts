import { describe, expect, it } from 'vitest';
import { ADULT_AGE, ENTERS_ALONE_FROM_AGE } from '../constants';
import { ADMISSION_REASONS } from '../admission-reasons';
import { showsEntrant, whoEnters, type TicketAtFixture } from './entrant';

const holder = (age: number | null): TicketAtFixture['holder'] => ({
  name: 'ΜΑΡΙΑ ΠΑΠΑ',
  age,
  documentType: 'NATIONAL_ID',
  documentId: 'ΑΚ123456',
});
const companion = { name: 'ΓΙΩΡΓΟΣ ΠΑΠΑΣ', afm: '100000040', suspended: false };

describe('whoEnters', () => {
  it('shows the holder with the last three characters of the document, and no companion to an adult', () => {
    expect(whoEnters({ holder: holder(ADULT_AGE), loan: null, companion })).toEqual({
      lent: false,
      minor: false,
      companionRequired: false,
      shown: { holderName: 'ΜΑΡΙΑ ΠΑΠΑ', documentType: 'NATIONAL_ID', documentHint: '456', companion: null },
    });
  });

  it('asks a companion of a minor under the age of entering alone only, and shows none who is suspended', () => {
    const young = whoEnters({ holder: holder(ENTERS_ALONE_FROM_AGE - 1), loan: null, companion });
    expect(young).toMatchObject({ minor: true, companionRequired: true });
    expect(young.shown.companion).toEqual({ name: 'ΓΙΩΡΓΟΣ ΠΑΠΑΣ', afmHint: '040' });
    const older = whoEnters({ holder: holder(ENTERS_ALONE_FROM_AGE), loan: null, companion });
    expect(older).toMatchObject({ minor: true, companionRequired: false });
    const suspended = { ...companion, suspended: true };
    expect(
      whoEnters({ holder: holder(ENTERS_ALONE_FROM_AGE - 1), loan: null, companion: suspended }).shown
        .companion,
    ).toBeNull();
  });

  it('lets a loan’s recipient enter, shown by name only, never the holder’s document or companion', () => {
    expect(whoEnters({ holder: holder(10), loan: { name: 'ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ' }, companion })).toEqual({
      lent: true,
      minor: false,
      companionRequired: false,
      shown: { holderName: 'ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ', documentType: null, documentHint: null, companion: null },
    });
  });

  it('knows no minor when the age is unknown', () => {
    expect(whoEnters({ holder: holder(null), loan: null })).toMatchObject({
      minor: false,
      companionRequired: false,
    });
  });
});

describe('showsEntrant', () => {
  it('shows nobody for a code that is not a live code of this fixture for the one who enters', () => {
    const shown = ADMISSION_REASONS.filter(showsEntrant);
    expect(shown).toEqual([
      'ADMITTED',
      'ALREADY_ADMITTED',
      'EVENT_OVER',
      'EVENT_CANCELLED',
      'NOT_OPEN_YET',
      'SUSPENDED',
      'COMPANION_REQUIRED',
    ]);
  });
});
