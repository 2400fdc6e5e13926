import { describe, expect, it } from 'vitest';
import { decideEntry } from './decide-entry';
import { ENTRY_CASES, ENTRY_CASE_TIMES, entryCaseNow } from './entry-cases';

describe('decideEntry', () => {
  it.each(ENTRY_CASES.map((entry) => [entry.name, entry] as const))(
    'the table’s case «%s»',
    (name, entry) => {
      expect({ name, decision: decideEntry(entry.facts, entryCaseNow(entry.setup)) }).toEqual({
        name,
        decision: entry.expected,
      });
    },
  );

  it('gives the first failing check in §8’s order', () => {
    const { facts } = ENTRY_CASES.find((entry) => entry.name === 'valid paper') ?? {};
    if (!facts?.code) throw new Error('The table has a valid paper case.');
    const { code } = facts;
    const at = ENTRY_CASE_TIMES.over;
    const everything = {
      ...facts,
      entersThisEvent: false,
      phoneIsEntrants: false,
      entrant: { suspended: true, companionRequired: true, companion: false },
      alreadyAdmitted: true,
    };
    expect(decideEntry({ ...everything, code: null }, at)).toBe('UNKNOWN_CODE');
    expect(decideEntry({ ...everything, code: { ...code, genuine: false, revoked: true } }, at)).toBe(
      'UNKNOWN_CODE',
    );
    expect(decideEntry({ ...everything, code: { ...code, revoked: true, fresh: false } }, at)).toBe(
      'REVOKED',
    );
    expect(decideEntry({ ...everything, code: { ...code, fresh: false, forThisEvent: false } }, at)).toBe(
      'CODE_EXPIRED',
    );
    expect(decideEntry({ ...everything, code: { ...code, forThisEvent: false, known: false } }, at)).toBe(
      'WRONG_EVENT',
    );
    expect(decideEntry({ ...everything, code: { ...code, known: false } }, at)).toBe('UNKNOWN_CODE');
    expect(decideEntry(everything, at)).toBe('NOT_FOR_THIS_EVENT');
    expect(decideEntry({ ...everything, entersThisEvent: true }, at)).toBe('REVOKED');
    const proven = { ...everything, entersThisEvent: true, phoneIsEntrants: true };
    expect(decideEntry(proven, ENTRY_CASE_TIMES.beforeGatesOpen)).toBe('NOT_OPEN_YET');
    expect(decideEntry(proven, at)).toBe('EVENT_OVER');
    expect(decideEntry(proven, ENTRY_CASE_TIMES.endsAt - 1)).toBe('SUSPENDED');
    const open = ENTRY_CASE_TIMES.open;
    expect(decideEntry({ ...proven, entrant: { ...proven.entrant, suspended: false } }, open)).toBe(
      'COMPANION_REQUIRED',
    );
    const companioned = { suspended: false, companionRequired: true, companion: true };
    expect(decideEntry({ ...proven, entrant: companioned }, open)).toBe('ALREADY_ADMITTED');
    expect(decideEntry({ ...proven, entrant: companioned, alreadyAdmitted: false }, open)).toBe('ADMITTED');
    // What the caller does not ask (an upload of offline admissions) does not refuse.
    expect(decideEntry({ ...proven, entrant: undefined, alreadyAdmitted: undefined }, new Date(open))).toBe(
      'ADMITTED',
    );
  });

  it('refuses everyone from the moment the fixture was cancelled, an entry before it standing', () => {
    const open = ENTRY_CASE_TIMES.open;
    const admissible = {
      code: { genuine: true, revoked: false, fresh: true, forThisEvent: true, known: true },
      entersThisEvent: true,
      phoneIsEntrants: true,
      gatesOpenAt: ENTRY_CASE_TIMES.gatesOpenAt,
      endsAt: ENTRY_CASE_TIMES.endsAt,
      entrant: { suspended: true, companionRequired: false, companion: false },
      alreadyAdmitted: true,
    };
    // Cancelled before the gates opened, or while open: no one enters, whatever else is wrong.
    expect(decideEntry({ ...admissible, cancelledAt: open - 1 }, open)).toBe('EVENT_CANCELLED');
    expect(decideEntry({ ...admissible, cancelledAt: open }, open)).toBe('EVENT_CANCELLED');
    expect(decideEntry({ ...admissible, cancelledAt: 0 }, ENTRY_CASE_TIMES.beforeGatesOpen)).toBe(
      'EVENT_CANCELLED',
    );
    // A code of another fixture is still that.
    expect(
      decideEntry({ ...admissible, code: { ...admissible.code, forThisEvent: false }, cancelledAt: 0 }, open),
    ).toBe('WRONG_EVENT');
    // An offline entry recorded before the cancellation is judged as it was then.
    expect(decideEntry({ ...admissible, cancelledAt: open + 1 }, open)).toBe('SUSPENDED');
    expect(decideEntry({ ...admissible, cancelledAt: null }, open)).toBe('SUSPENDED');
  });
});
