import { useEffect, useRef, useState } from 'react';
import {
  ADMISSION_UNDO_MINUTES,
  gateMessages,
  gateScreenMessages,
  messages,
  type AdmissionRequest,
  type GateEvent,
} from '@tickets/domain';
import { ApiError } from '../../shared/api/client';
import { Button } from '../../shared/components/buttons';
import { ErrorBox } from '../../shared/components/error-box';
import { PageHeading } from '../../shared/components/page-heading';
import { Form } from '../../shared/forms/form';
import { TextField } from '../../shared/forms/text-field';
import { CameraScanner, canScanWithCamera } from '../../shared/qr/camera-scanner';
import { isUnpaired, useUndoAdmissionMutation } from './api';
import { ConnectionStatus } from './connection-status';
import { DecisionPanel, RefusedInputPanel } from './decision-panel';
import { feedbackFor } from './feedback';
import { NoManifestError, useScanMutation } from './gate-decision';
import { readScans, saveScans } from './device-storage';
import { ScanHistory, type Scan } from './scan-history';
import { useOfflineGate } from './use-offline-gate';

const text = gateScreenMessages;
const HISTORY_LENGTH = 20;
const UNDO_MS = ADMISSION_UNDO_MINUTES * 60_000;
const CODE_FIELD = 'gate-code';

/**
 * Scanning: a field that a keyboard-wedge scanner types into (the code, then Enter), the camera where
 * the browser reads codes, the decision in large type, and the last decisions below.
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
  const scanCount = useRef(scans[0]?.id ?? 0);
  const latest = scans[0];
  const gate = useOfflineGate(token, event.eventId, onUnpaired);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => saveScans(event.eventId, scans), [event.eventId, scans]);

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

  const decide = useScanMutation(token, gate, {
    onSuccess: ({ admission, offline, ticketCode }) => {
      feedbackFor(admission.decision === 'ADMIT');
      scanCount.current += 1;
      const id = scanCount.current;
      const scan = { id, admission, receivedAt: Date.now(), undone: false, offline, ticketCode };
      setScans((previous) => [scan, ...previous].slice(0, HISTORY_LENGTH));
      setLatestShown(true);
    },
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
      <Form<{ code: string }, AdmissionRequest>
        // The printed number refused first, then the admission route's own check (form-schemas.ts).
        schema={() => import('./form-schemas').then((schemas) => schemas.scanSchema(event.eventId))}
        defaultValues={{ code: '' }}
        // A steward reads the one field's message; focus stays in the field, where the scanner types.
        summary={false}
        reValidateMode="onSubmit"
        onRefused={(errors) => {
          setLatestShown(false);
          setUndoFailure(undefined);
          refuse(errors.code?.message ?? gateMessages.code);
        }}
        onSubmit={(request, { setValue }) => {
          setRefused(undefined);
          setUndoFailure(undefined);
          setLatestShown(false);
          // Emptied as the code is sent, not once it is decided: a scanner types the next code at once,
          // and emptying the field then would cut it.
          setValue('code', '');
          decide.mutate(request);
        }}
        className="app-gate__scan"
        submitLabel={text.check}
        busy={decide.isPending}
        actions={null}
        footer={(form) =>
          canScanWithCamera() ? (
            <CameraScanner
              labels={text}
              onCode={(scanned) => {
                form.setValue('code', scanned);
                form.submit();
              }}
            />
          ) : null
        }
      >
        {({ register, formState: { errors } }) => {
          const { ref, ...field } = register('code');
          return (
            <TextField
              id={CODE_FIELD}
              ref={(element) => {
                ref(element);
                input.current = element;
              }}
              label={messages.ticketOffice.ticketCode}
              hint={text.codeHint}
              error={errors.code?.message}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="go"
              {...field}
            />
          );
        }}
      </Form>
      {undoFailure ? <ErrorBox message={undoFailure} /> : null}
      <div role="status" aria-live="polite" aria-atomic="true" className="app-gate__status">
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
          />
        ) : null}
      </div>
      <ScanHistory scans={scans} />
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
