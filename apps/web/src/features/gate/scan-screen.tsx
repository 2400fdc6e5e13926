import { useState } from 'react';
import { gateScreenMessages, messages, type GateEvent, type PresentationResult } from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { isUnpaired, useUndoAdmissionMutation } from './api';
import { ConnectionStatus } from './connection-status';
import { DecisionStatus } from './decision-panel';
import { feedbackFor } from './feedback';
import { NoManifestError, useScanMutation } from './gate-decision';
import { ScanForm } from './scan-form';
import { ScanHistory } from './scan-history';
import { presentedAdmission } from './presented-admission';
import { useOfflineGate } from './use-offline-gate';
import { useScannerFocus } from './use-scanner-focus';
import { useScans, type NewScan } from './use-scans';
import { useWalletRequest } from './use-wallet-request';
import { WalletPresentation, WalletRequestButton } from './wallet-presentation';

const text = gateScreenMessages;

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
  const { scans, latest, undoable, addScan, markUndone } = useScans(event.eventId);
  const gate = useOfflineGate(token, event.eventId, onUnpaired);
  /** An EU wallet's ticket asked for (docs/design.md §12): its QR replaces the field until answered. */
  const wallet = useWalletRequest(token, event.eventId, onUnpaired);
  const { fieldRef, decisionRef, focusField, afterWallet } = useScannerFocus(Boolean(wallet.request));

  const messageOf = (error: unknown) =>
    error instanceof ApiError || error instanceof NoManifestError ? error.message : messages.errors.system;
  const refuse = (message: string) => setRefused({ message, at: Date.now() });

  const show = (decision: NewScan) => {
    feedbackFor(decision.admission.decision === 'ADMIT');
    addScan(decision);
    setLatestShown(true);
  };

  const decide = useScanMutation(token, gate, {
    onSuccess: show,
    onError: (error) => {
      if (isUnpaired(error)) onUnpaired(error.message);
      else refuse(messageOf(error));
    },
    onSettled: focusField,
  });

  const undoing = useUndoAdmissionMutation(token, gate.store, {
    onMutate: () => setUndoFailure(undefined),
    onSuccess: (_, { admissionId }) => {
      markUndone(admissionId);
      focusField();
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
    afterWallet('field');
  };
  // The wallet answered: its decision is a scan like any other (the same panel, the history, the undo),
  // an admission remembered here so an offline scan of the same ticket is refused; a presentation that
  // failed its checks takes the panel in red, as a code refused before any decision does.
  const answered = (result: PresentationResult) => {
    const presented = presentedAdmission(result);
    wallet.close();
    afterWallet('decision');
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
            inputRef={fieldRef}
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
          <DecisionStatus
            ref={decisionRef}
            refused={refused}
            latest={latestShown ? latest : undefined}
            undoable={undoable}
            busy={undoing.isPending}
            onUndo={undo}
          />
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
