import { lazy, Suspense, useState } from 'react';
import { gateScreenMessages, messages, type GateEvent } from '@tickets/domain';
import { failureMessage } from '../../shared/api/client';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorBox } from '../../shared/components/error-box';
import { Spinner } from '../../shared/components/spinner';
import { useCredentialRenewal, useGateEvents } from './api';
import { forgetScans, readCredential, readEvent, saveCredential, saveEvent } from './device-storage';
import { EventPicker } from './event-picker';
import './gate.css';
import { useInstallableGate } from './install-app';
import { PairingForm } from './pairing-form';

// The scan screen (the offline check's signatures, the manifest store, the camera) is not needed to
// pair or to pick a match: it loads once there is a match to scan, and the service worker keeps it.
const ScanScreen = lazy(() => import('./scan-screen').then((module) => ({ default: module.ScanScreen })));

/**
 * The steward's screen (docs/design.md §8): no login; the device pairs once with the token the ticket
 * office gave it (exchanged for this browser's credential, kept in localStorage), picks the match,
 * then scans. Built for a phone held in one hand at a turnstile.
 */
export default function GatePage() {
  const [token, setToken] = useState(readCredential);
  const [event, setEvent] = useState(readEvent);
  const [events, setEvents] = useState<GateEvent[]>();
  /** The server's refusal of the credential (401): kept, for the office to renew it, until paired anew. */
  const [refused, setRefused] = useState<string>();
  const [askUnpair, setAskUnpair] = useState(false);
  useInstallableGate();

  const forgetDevice = () => {
    // The pinned keys and the manifests go with the pairing; admissions not yet sent stay. The store
    // (and the signatures' code it brings) loads here, not with the pairing page.
    void import('./offline-store')
      .then(({ GateStore }) => GateStore.open())
      .then((store) => store.forgetDevice().finally(() => store.close()));
    saveCredential(null);
    forgetScans();
  };
  const leaveEvent = () => {
    saveEvent(null);
    setEvent(undefined);
    setEvents(undefined);
  };
  const unpair = () => {
    forgetDevice();
    leaveEvent();
    setToken(undefined);
    setRefused(undefined);
    setAskUnpair(false);
  };
  // Expired or revoked: pairing is offered, and the credential kept for «Δοκιμή ξανά» (an officer
  // renews an expired device on «Πύλες εισόδου»: the same credential then works again).
  const refuse = (message: string) => {
    leaveEvent();
    setRefused(message);
  };
  useCredentialRenewal(refused ? undefined : token, refuse);
  const pick = (chosen: GateEvent | undefined) => {
    saveEvent(chosen ?? null);
    setEvent(chosen);
  };

  let content;
  if (!token || refused)
    content = (
      <PairingForm
        key={refused}
        notice={refused}
        onPaired={({ credential }) => {
          if (refused) forgetDevice();
          // Kept before anything else: the pairing token is spent, this credential is the device now.
          saveCredential(credential);
          setToken(credential);
          setRefused(undefined);
        }}
        {...(refused ? { onRetry: () => setRefused(undefined) } : {})}
      />
    );
  else if (event)
    content = (
      <Suspense fallback={<Spinner />}>
        <ScanScreen
          key={event.eventId}
          token={token}
          event={event}
          onChangeEvent={() => {
            setEvents(undefined);
            pick(undefined);
          }}
          onUnpair={() => setAskUnpair(true)}
          onUnpaired={refuse}
        />
      </Suspense>
    );
  else if (events)
    content = <EventPicker events={events} onPick={pick} onUnpair={() => setAskUnpair(true)} />;
  else content = <LoadEvents token={token} onLoaded={setEvents} onUnpair={refuse} />;

  return (
    <main className="app-gate" id="main" tabIndex={-1}>
      {content}
      <ConfirmDialog
        open={askUnpair}
        title={gateScreenMessages.unpairTitle}
        confirmLabel={gateScreenMessages.unpair}
        onConfirm={() => unpair()}
        onClose={() => setAskUnpair(false)}
      >
        <p className="govgr-body">{gateScreenMessages.unpairBody}</p>
      </ConfirmDialog>
    </main>
  );
}

/** A paired device coming back: its club's events, or pairing again if the token is gone. */
function LoadEvents({
  token,
  onLoaded,
  onUnpair,
}: {
  token: string;
  onLoaded(events: GateEvent[]): void;
  onUnpair(message: string): void;
}) {
  const events = useGateEvents(token, { onLoaded, onUnpaired: onUnpair });
  return events.status === 'error' ? (
    <ErrorBox message={failureMessage(events.error, messages.errors.system)} />
  ) : (
    <Spinner />
  );
}
