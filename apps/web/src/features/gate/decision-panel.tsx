import { documentTypeLabel, gateScreenMessages, messages, type Admission } from '@tickets/domain';
import { Button } from '../../shared/components/buttons';

const text = gateScreenMessages;

/**
 * The decision, read from a step away: green ΕΙΣΟΔΟΣ or red ΑΡΝΗΣΗ, the reason, and who should be
 * standing there (name, the document's last characters, seat, a minor's companion).
 */
export function DecisionPanel({
  admission,
  undoable,
  busy,
  onUndo,
}: {
  admission: Admission;
  undoable: boolean;
  busy: boolean;
  onUndo(): void;
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
  ];
  return (
    <div className={`app-decision ${admitted ? 'app-decision--admit' : 'app-decision--refuse'}`}>
      <p className="app-decision__verdict">{admitted ? text.admit : text.refuse}</p>
      <p className="app-decision__message">{admission.message}</p>
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
