import { useEffect, useRef, useState } from 'react';
import {
  ADMISSION_UNDO_MINUTES,
  gateScreenMessages,
  messages,
  type GateEvent,
  type PresentationResult,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { isUnpaired, useUndoAdmissionMutation } from './api';
import { ConnectionStatus } from './connection-status';
import { DecisionPanel, RefusedInputPanel } from './decision-panel';
import { feedbackFor } from './feedback';
import { NoManifestError, useScanMutation, type ScanDecision } from './gate-decision';
import { readScans, saveScans } from './device-storage';
import { ScanForm } from './scan-form';
import { ScanHistory, type Scan } from './scan-history';
import { presentedAdmission } from './presented-admission';
import { useOfflineGate } from './use-offline-gate';
import { useWalletRequest } from './use-wallet-request';
import { WalletPresentation, WalletRequestButton } from './wallet-presentation';

const text = gateScreenMessages;
const HISTORY_LENGTH = 20;
const UNDO_MS = ADMISSION_UNDO_MINUTES * 60_000;

/**
 * Scanning: a field that a keyboard-wedge scanner types into (the code, then Enter), the camera where
 * the browser reads codes, the decision in large type, and the last decisions below; or, asked for, an
 * EU wallet's request as a QR, whose answer is decided and shown as a scan's.
 */
export function ScanScreen({
  token,
  event,
  onChangeEvent,
  onUnpair,
  onUnpaired,
}: {
  token: string;
  event: GateEvent;
  onChangeEvent(): void;
  /** The steward asks to unpair. */
  onUnpair(): void;
  /** The server no longer knows this device: its message. */
  onUnpaired(message: string): void;
}) {
  /** A new input refused before any decision: it replaces the last decision's panel. */
  const [refused, setRefused] = useState<{ message: string; at: number }>();
  /** The last decision's panel stays only until the next input: cleared as a code is sent. */
  const [latestShown, setLatestShown] = useState(true);
  /** An undo the server refused: said apart, the admission it was for still stands. */
  const [undoFailure, setUndoFailure] = useState<string>();
  const [scans, setScans] = useState<Scan[]>(() => readScans(event.eventId));
  const [undoExpired, setUndoExpired] = useState<number>();
  const input = useRef<HTMLInputElement>(null);
  /** The decision's panel: focused when a wallet's answer closes the QR (a scan's focus stays in the field). */
  const decisionArea = useRef<HTMLDivElement>(null);
  /** Where focus goes once the wallet's QR has made way for the field again. */
  const focusNext = useRef<'field' | 'decision'>(undefined);
  const scanCount = useRef(scans[0]?.id ?? 0);
  const latest = scans[0];
  const gate = useOfflineGate(token, event.eventId, onUnpaired);
  /** An EU wallet's ticket asked for (docs/design.md §12): its QR replaces the field until answered. */
  const wallet = useWalletRequest(token, event.eventId, onUnpaired);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => saveScans(event.eventId, scans), [event.eventId, scans]);
  useEffect(() => {
    if (!focusNext.current || wallet.request) return;
    (focusNext.current === 'field' ? input.current : decisionArea.current)?.focus();
    focusNext.current = undefined;
  });

  // A scanner types wherever focus is: a key typed outside any control goes to the code field.
  useEffect(() => {
    const onKeyDown = (key: KeyboardEvent) => {
      const target = key.target as HTMLElement | null;
      const inControl = target?.closest('input, textarea, select, button, a, [contenteditable]');
      if (!inControl && key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey)
        input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The undo button goes when the server would refuse the undo.
  useEffect(() => {
    if (!latest || latest.admission.decision !== 'ADMIT') return;
    const timer = setTimeout(
      () => setUndoExpired(latest.id),
      Math.max(0, latest.receivedAt + UNDO_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [latest]);

  const messageOf = (error: unknown) =>
    error instanceof ApiError || error instanceof NoManifestError ? error.message : messages.errors.system;
  const refuse = (message: string) => setRefused({ message, at: Date.now() });

  const show = ({ admission, offline, ticketCode, under15 }: ScanDecision & { under15?: boolean }) => {
    feedbackFor(admission.decision === 'ADMIT');
    scanCount.current += 1;
    const id = scanCount.current;
    const scan = { id, admission, receivedAt: Date.now(), undone: false, offline, ticketCode, under15 };
    setScans((previous) => [scan, ...previous].slice(0, HISTORY_LENGTH));
    setLatestShown(true);
  };

  const decide = useScanMutation(token, gate, {
    onSuccess: show,
    onError: (error) => {
      if (isUnpaired(error)) onUnpaired(error.message);
      else refuse(messageOf(error));
    },
    onSettled: () => input.current?.focus(),
  });

  const undoing = useUndoAdmissionMutation(token, gate.store, {
    onMutate: () => setUndoFailure(undefined),
    onSuccess: (_, { admissionId }) => {
      setScans((previous) =>
        previous.map((scan) =>
          scan.admission.admissionId === admissionId ? { ...scan, undone: true } : scan,
        ),
      );
      input.current?.focus();
    },
    onError: (error) => {
      if (isUnpaired(error)) onUnpaired(error.message);
      else setUndoFailure(messageOf(error));
    },
  });
  const askWallet = () => {
    setRefused(undefined);
    setUndoFailure(undefined);
    wallet.ask();
  };
  const closeWallet = () => {
    wallet.close();
    focusNext.current = 'field';
  };
  // The wallet answered: its decision is a scan like any other (the same panel, the history, the undo),
  // an admission remembered here so an offline scan of the same ticket is refused; a presentation that
  // failed its checks takes the panel in red, as a code refused before any decision does.
  const answered = (result: PresentationResult) => {
    const presented = presentedAdmission(result);
    wallet.close();
    focusNext.current = 'decision';
    if (!presented) {
      feedbackFor(false);
      setLatestShown(false);
      refuse(result.message ?? messages.errors.system);
      return;
    }
    const { admission, ticketCode } = presented;
    setRefused(undefined);
    show({ ...presented, offline: false });
    if (admission.decision === 'ADMIT' && ticketCode)
      void gate.store?.recordAdmission({
        eventId: event.eventId,
        ticketCode,
        admittedAt: admission.admittedAt ?? new Date().toISOString(),
        offline: false,
        uploaded: true,
      });
  };

  const undo = () => {
    const admissionId = latest?.admission.admissionId;
    if (!latest || !admissionId) return;
    undoing.mutate({ eventId: event.eventId, admissionId, ticketCode: latest.ticketCode });
  };

  const undoable =
    latest?.admission.decision === 'ADMIT' &&
    Boolean(latest.admission.admissionId) &&
    !latest.undone &&
    undoExpired !== latest.id;

  return (
    <>
      <PageHeading>{messages.screens.gate}</PageHeading>
      <p className="app-gate__event">{event.eventDescription}</p>
      <ConnectionStatus gate={gate} />
      {wallet.request ? (
        <WalletPresentation
          token={token}
          request={wallet.request}
          connected={gate.connected}
          busy={wallet.busy}
          failure={wallet.failure}
          onNewRequest={askWallet}
          onCancel={closeWallet}
          onAnswered={answered}
          onUnpaired={onUnpaired}
        />
      ) : (
        <>
          <ScanForm
            eventId={event.eventId}
            busy={decide.isPending}
            inputRef={(element) => {
              input.current = element;
            }}
            onRefused={(message) => {
              setLatestShown(false);
              setUndoFailure(undefined);
              refuse(message);
            }}
            onSubmit={(request) => {
              setRefused(undefined);
              setUndoFailure(undefined);
              setLatestShown(false);
              decide.mutate(request);
            }}
          />
          {undoFailure ? <ErrorBox message={undoFailure} /> : null}
          <div
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="app-gate__status"
            tabIndex={-1}
            ref={decisionArea}
          >
            {refused ? <RefusedInputPanel message={refused.message} at={refused.at} /> : null}
            {latest && latestShown && latest.undone ? (
              <p className="app-decision app-decision--undone">{text.undone}</p>
            ) : null}
            {latest && latestShown && !latest.undone ? (
              <DecisionPanel
                admission={latest.admission}
                decidedAt={latest.receivedAt}
                undoable={undoable}
                busy={undoing.isPending}
                onUndo={undo}
                under15={latest.under15}
              />
            ) : null}
          </div>
          <WalletRequestButton
            connected={gate.connected}
            busy={wallet.busy}
            failure={wallet.failure}
            onClick={askWallet}
          />
          <ScanHistory scans={scans} />
        </>
      )}
      <div className="govgr-button-group app-gate__device">
        <Button variant="secondary" onClick={onChangeEvent}>
          {text.changeEvent}
        </Button>
        <Button variant="secondary" onClick={onUnpair}>
          {text.unpair}
        </Button>
      </div>
    </>
  );
}
