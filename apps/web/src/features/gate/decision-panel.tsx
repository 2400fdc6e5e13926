import type { Ref } from 'react';
import {
  documentTypeLabel,
  formatTimeWithSeconds,
  gateScreenMessages,
  messages,
  type Admission,
} from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import type { Scan } from './scan-history';

const text = gateScreenMessages;

/** The panel's time, to the second: the steward can tell this scan's panel from the one before. */
const DecidedAt = ({ at }: { at: number }) => (
  <p className="app-decision__time">{text.decidedAt(formatTimeWithSeconds(new Date(at)))}</p>
);

/**
 * The decision, read from a step away: green ΕΙΣΟΔΟΣ or red ΑΡΝΗΣΗ, the reason, and who should be
 * standing there (name, the document's last characters, seat, a minor's companion).
 */
export function DecisionPanel({
  admission,
  decidedAt,
  undoable,
  busy,
  onUndo,
  under15 = false,
}: {
  admission: Admission;
  /** This device's clock when the decision came. */
  decidedAt: number;
  undoable: boolean;
  busy: boolean;
  onUndo(): void;
  /** A presented ticket said `under_15` (its wallet discloses no companion to name). */
  under15?: boolean | undefined;
}) {
  const admitted = admission.decision === 'ADMIT';
  const rows: [string, string | null][] = [
    [messages.ticketOffice.holder, admission.holderName],
    [
      text.document,
      admission.documentHint
        ? text.documentEnding(documentTypeLabel(admission.documentType), admission.documentHint)
        : null,
    ],
    [messages.ticketOffice.seat, admission.seat],
    [text.under15, under15 ? text.under15Value : null],
  ];
  return (
    <div className={`app-decision ${admitted ? 'app-decision--admit' : 'app-decision--refuse'}`}>
      <p className="app-decision__verdict">{admitted ? text.admit : text.refuse}</p>
      <p className="app-decision__message">{admission.message}</p>
      <DecidedAt at={decidedAt} />
      <dl className="app-decision__details">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {admission.companion ? (
          <div className="app-decision__companion">
            <dt>{text.companion}</dt>
            <dd>
              {admission.companion.name} ({text.companionAfm(admission.companion.afmHint)})
            </dd>
          </div>
        ) : null}
      </dl>
      {undoable ? (
        <Button variant="secondary" busy={busy} onClick={onUndo}>
          {text.undo}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A scan that got no decision (refused at the field, or the server could not decide): it takes the
 * last decision's place, in red, so an earlier fan's ΕΙΣΟΔΟΣ is never left on screen for this one.
 */
export function RefusedInputPanel({ message, at }: { message: string; at: number }) {
  return (
    <div className="app-decision app-decision--refuse">
      <p className="app-decision__verdict">{text.inputRefused}</p>
      <p className="app-decision__message">{message}</p>
      <DecidedAt at={at} />
    </div>
  );
}

/**
 * The place of the panel under the field, read out as it changes: a refused input, else the latest
 * decision (or that it was undone) while it is shown, until the next input. Its `ref` takes focus
 * when a wallet's answer closes the QR.
 */
export function DecisionStatus({
  ref,
  refused,
  latest,
  undoable,
  busy,
  onUndo,
}: {
  ref: Ref<HTMLDivElement>;
  refused: { message: string; at: number } | undefined;
  /** The latest scan, while its panel is shown. */
  latest: Scan | undefined;
  undoable: boolean;
  busy: boolean;
  onUndo(): void;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="app-gate__status"
      tabIndex={-1}
      ref={ref}
    >
      {refused ? <RefusedInputPanel message={refused.message} at={refused.at} /> : null}
      {latest?.undone ? <p className="app-decision app-decision--undone">{text.undone}</p> : null}
      {latest && !latest.undone ? (
        <DecisionPanel
          admission={latest.admission}
          decidedAt={latest.receivedAt}
          undoable={undoable}
          busy={busy}
          onUndo={onUndo}
          under15={latest.under15}
        />
      ) : null}
    </div>
  );
}
