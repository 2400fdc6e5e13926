import { useState } from 'react';
import { AFM_LENGTH, messages } from '@tickets/domain';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorSummary } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import type { Refusal } from '../../shared/forms/use-refusal';

const text = messages.companions;

/**
 * docs/product-spec.md §4: the new companion is the guardian (an empty ΑΦΜ is sent) or another person, whose
 * 9-digit ΑΦΜ must be typed before Send is enabled.
 */
export function ChangeCompanionDialog({
  open,
  busy,
  refusal,
  onSend,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  /** The server's refusal of the last send, shown here until the person changes a choice. */
  refusal: Refusal;
  onSend(afm: string): void;
  onClose(): void;
}) {
  const [who, setWho] = useState<'myself' | 'another'>('myself');
  const [afm, setAfm] = useState('');
  const ready = who === 'myself' || afm.length === AFM_LENGTH;
  return (
    <ConfirmDialog
      open={open}
      title={text.changeCompanion}
      confirmLabel={messages.form.send}
      confirmDisabled={!ready}
      busy={busy}
      onConfirm={() => onSend(who === 'myself' ? '' : afm)}
      onClose={onClose}
    >
      <ErrorSummary problems={[]} refusal={refusal} />
      <div onChange={refusal.clear}>
        <fieldset className="govgr-fieldset">
          <legend className="govgr-fieldset__legend govgr-heading-s">{text.changeLegend}</legend>
          <div className="govgr-radios">
            {(['myself', 'another'] as const).map((option) => (
              <div className="govgr-radios__item" key={option}>
                <label className="govgr-radios__label" htmlFor={`companion-${option}`}>
                  <input
                    className="govgr-radios__input"
                    type="radio"
                    name="companion"
                    id={`companion-${option}`}
                    checked={who === option}
                    onChange={() => setWho(option)}
                  />
                  {option === 'myself' ? text.changeMyself : text.changeAnother}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        {who === 'another' ? (
          <TextField
            id="new-companion-afm"
            label={text.companionAfm}
            hint={text.companionAfmHint}
            digitsOnly
            maxLength={AFM_LENGTH}
            autoComplete="off"
            value={afm}
            onChange={(event) => setAfm(event.target.value)}
          />
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
