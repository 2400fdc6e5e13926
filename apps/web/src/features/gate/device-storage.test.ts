import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_ADMISSION } from '@tickets/domain';
import { forgetScans, readScans, saveScans } from './device-storage';
import type { Scan } from './scan-history';

const admitted: Scan = {
  id: 2,
  admission: {
    ...EMPTY_ADMISSION,
    decision: 'ADMIT',
    reason: 'ADMITTED',
    message: 'ΕΙΣΟΔΟΣ',
    admissionId: '0b5c6a57-3f0e-4c8e-9a55-5d7f3f3c2b11',
    holderName: 'ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ',
    documentType: 'Δελτίο ταυτότητας',
    documentHint: '456',
    seat: 'Θύρα 3, Α, σειρά 5, θέση 12',
    companion: { name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ', afmHint: '039' },
  },
  receivedAt: 1_764_097_200_000,
  undone: false,
  offline: true,
  ticketCode: '305000000009',
};

describe('the steward’s scan history across a reload', () => {
  afterEach(() => localStorage.clear());

  it('keeps what the history shows and the undo needs, for the match it was made at', () => {
    saveScans(7, [admitted]);
    const [kept] = readScans(7);
    expect(kept).toEqual({
      ...admitted,
      admission: {
        ...admitted.admission,
        documentType: null,
        documentHint: null,
        seat: null,
        companion: null,
      },
    });
    // Nothing of the document, seat or companion stays on the phone.
    expect(localStorage.getItem('gate.scans')).not.toMatch(/456|Θύρα|ΚΩΝΣΤΑΝΤΙΝΟΣ|Δελτίο/);
    expect(readScans(8)).toEqual([]);
  });

  it('forgets it when the device is unpaired, and reads nothing from a broken entry', () => {
    saveScans(7, [admitted]);
    forgetScans();
    expect(readScans(7)).toEqual([]);
    localStorage.setItem('gate.scans', '{not json');
    expect(readScans(7)).toEqual([]);
  });
});
