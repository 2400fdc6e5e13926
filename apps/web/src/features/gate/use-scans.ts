import { useEffect, useRef, useState } from 'react';
import { ADMISSION_UNDO_MINUTES } from '@tickets/domain';
import { readScans, saveScans } from './device-storage';
import type { ScanDecision } from './gate-decision';
import type { Scan } from './scan-history';

const HISTORY_LENGTH = 20;
const UNDO_MS = ADMISSION_UNDO_MINUTES * 60_000;

/** A decision to add: a scanned code's, or an EU wallet's with the age it disclosed. */
export type NewScan = ScanDecision & { under15?: boolean };

/**
 * The decisions at this match on this device, newest first: the last HISTORY_LENGTH, kept across a
 * reload (device-storage.ts); and whether the latest may still be undone.
 */
export function useScans(eventId: number) {
  const [scans, setScans] = useState<Scan[]>(() => readScans(eventId));
  const [undoExpired, setUndoExpired] = useState<number>();
  const scanCount = useRef(scans[0]?.id ?? 0);
  const latest = scans[0];

  useEffect(() => saveScans(eventId, scans), [eventId, scans]);

  // The undo button goes when the server would refuse the undo.
  useEffect(() => {
    if (!latest || latest.admission.decision !== 'ADMIT') return;
    const timer = setTimeout(
      () => setUndoExpired(latest.id),
      Math.max(0, latest.receivedAt + UNDO_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [latest]);

  const addScan = ({ admission, offline, ticketCode, under15 }: NewScan) => {
    scanCount.current += 1;
    const id = scanCount.current;
    const scan = { id, admission, receivedAt: Date.now(), undone: false, offline, ticketCode, under15 };
    setScans((previous) => [scan, ...previous].slice(0, HISTORY_LENGTH));
  };

  /** The server undid the admission: its scan says so, in the history and on the panel. */
  const markUndone = (admissionId: string) =>
    setScans((previous) =>
      previous.map((scan) => (scan.admission.admissionId === admissionId ? { ...scan, undone: true } : scan)),
    );

  const undoable =
    latest?.admission.decision === 'ADMIT' &&
    Boolean(latest.admission.admissionId) &&
    !latest.undone &&
    undoExpired !== latest.id;

  return { scans, latest, undoable, addScan, markUndone };
}
