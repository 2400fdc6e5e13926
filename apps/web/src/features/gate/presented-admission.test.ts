import { describe, expect, it } from 'vitest';
import { EMPTY_ADMISSION, gateMessages, type PresentationResult } from '@tickets/domain';
import { presentedAdmission } from './presented-admission';

const decided = (disclosed: Record<string, unknown>): PresentationResult => ({
  status: 'DECIDED',
  refusal: null,
  message: gateMessages.decisions.ALREADY_ADMITTED,
  admission: {
    ...EMPTY_ADMISSION,
    decision: 'REFUSE',
    reason: 'ALREADY_ADMITTED',
    message: gateMessages.decisions.ALREADY_ADMITTED,
  },
  disclosed,
});

describe('a presented decision, as the panel shows it', () => {
  it('names the holder and the seat as the wallet disclosed them, and the under-15 claim', () => {
    const shown = presentedAdmission(
      decided({
        ticket_code: '303000000001',
        holder_name: 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ',
        seat: { sector: 'Θύρα 7', gate: '7', row: '12', number: '22' },
        under_15: true,
      }),
    );
    expect(shown).toEqual({
      admission: expect.objectContaining({
        decision: 'REFUSE',
        reason: 'ALREADY_ADMITTED',
        holderName: 'ΑΝΝΑ ΓΕΩΡΓΙΟΥ',
        seat: 'Θύρα 7, Σειρά 12, Θέση 22',
        documentHint: null,
        companion: null,
      }),
      ticketCode: '303000000001',
      under15: true,
    });
  });

  it('shows nothing the wallet did not disclose', () => {
    const shown = presentedAdmission(decided({ ticket_code: '303000000001' }));
    expect(shown?.admission).toMatchObject({ holderName: null, seat: null });
    expect(shown?.under15).toBe(false);
    // A claim of the wrong shape is not shown as if it were one.
    expect(presentedAdmission(decided({ holder_name: 42, seat: 'Θύρα 7' }))?.admission).toMatchObject({
      holderName: null,
      seat: null,
    });
  });

  it('has no decision before the wallet answers, after it expired, or when the presentation was refused', () => {
    for (const status of ['PENDING', 'EXPIRED', 'REFUSED'] as const)
      expect(
        presentedAdmission({ status, refusal: null, message: null, admission: null, disclosed: null }),
      ).toBeUndefined();
  });
});
