import { useState } from 'react';
import { clampCutOffHours, clampMaxTransfers, messages, type TransferEvent } from '@tickets/domain';
import { Button } from '../../shared/components/buttons';
import { Checkbox } from '../../shared/forms/checkbox';
import { TextField } from '../../shared/forms/text-field';
import { EventCard } from './event-card';
import { useSaveEvent } from './use-save-event';

const text = messages.transferRules;

interface Rules {
  allowTransfer: boolean;
  maxTransfers: number;
  hours: number;
  resetAfterEvent: boolean;
}

const rulesOf = (event: TransferEvent): Rules => ({
  allowTransfer: event.allowTransfer,
  maxTransfers: event.maxTransfers,
  hours: Math.round(event.transferMinuteLimit / 60),
  resetAfterEvent: event.minToAutoRevertTransferredTicket === 0,
});

const sameRules = (a: Rules, b: Rules) =>
  a.allowTransfer === b.allowTransfer &&
  a.maxTransfers === b.maxTransfers &&
  a.hours === b.hours &&
  a.resetAfterEvent === b.resetAfterEvent;

/**
 * The two numbers, typed as text and clamped into the spec's range when their field is left
 * (docs/product-spec.md §5), in the order the card shows them.
 */
const numberFields = {
  maxTransfers: {
    name: 'max',
    clamp: clampMaxTransfers,
    input: {
      label: text.maxTransfers,
      hint: text.maxTransfersHint,
      maxLength: 4,
      className: 'govgr-input--width-4',
    },
  },
  hours: {
    name: 'hours',
    clamp: clampCutOffHours,
    input: { label: text.hours, hint: text.hoursHint, maxLength: 1, className: 'govgr-input--width-2' },
  },
};
type NumberField = keyof typeof numberFields;
const NUMBER_FIELDS = Object.keys(numberFields) as NumberField[];

const yesNo = (value: boolean) => (value ? messages.form.yes : messages.form.no);

/** Each rule as it will be (with what it was, if changed). */
function rulesChanges(before: Rules, after: Rules): [string, string][] {
  const row = (label: string, now: string, was: string): [string, string] => [
    label,
    now === was ? now : text.changedValue(now, was),
  ];
  return [
    row(text.allowTransfer, yesNo(after.allowTransfer), yesNo(before.allowTransfer)),
    row(text.maxTransfers, String(after.maxTransfers), String(before.maxTransfers)),
    row(text.hours, String(after.hours), String(before.hours)),
    row(text.resetAfterEvent, yesNo(after.resetAfterEvent), yesNo(before.resetAfterEvent)),
  ];
}

/** docs/product-spec.md §2/§4: a season's transfer rules; Save only when changed, after a confirmation. */
export function SeasonalCard({ event }: { event: TransferEvent }) {
  const loaded = rulesOf(event);
  const [rules, setRules] = useState(loaded);
  const [typed, setTyped] = useState({
    maxTransfers: String(loaded.maxTransfers),
    hours: String(loaded.hours),
  });
  /** A typed number the range changed, said at its field until the next keystroke there. */
  const [clamped, setClamped] = useState<Partial<Record<NumberField, string>>>({});
  const saving = useSaveEvent();
  const id = (name: string) => `${name}-${event.eventId}`;

  const clampTyped = (field: NumberField) => {
    const value = numberFields[field].clamp(Number(typed[field]));
    const wasTyped = typed[field];
    setTyped({ ...typed, [field]: String(value) });
    setRules({ ...rules, [field]: value });
    // The spec's range corrects the number (docs/product-spec.md §5); silently, a typed 0 would be
    // saved as 1 without the officer knowing.
    setClamped({
      ...clamped,
      [field]: wasTyped === '' || Number(wasTyped) !== value ? text.clamped(wasTyped, value) : undefined,
    });
  };
  const type = (field: NumberField, value: string) => {
    setTyped({ ...typed, [field]: value });
    setClamped({ ...clamped, [field]: undefined });
  };

  const rulesAsEvent = (): TransferEvent => ({
    ...event,
    allowTransfer: rules.allowTransfer,
    maxTransfers: rules.maxTransfers,
    transferMinuteLimit: rules.hours * 60,
    minToAutoRevertTransferredTicket: rules.resetAfterEvent ? 0 : null,
  });

  return (
    <EventCard
      event={event}
      saving={saving}
      confirmTitle={text.saveConfirm}
      changes={rulesChanges(loaded, rules)}
      changed={rulesAsEvent}
    >
      <Checkbox
        id={id('allow')}
        label={text.allowTransfer}
        checked={rules.allowTransfer}
        onChange={(change) => setRules({ ...rules, allowTransfer: change.target.checked })}
      />
      {NUMBER_FIELDS.map((field) => (
        <TextField
          key={field}
          id={id(numberFields[field].name)}
          {...numberFields[field].input}
          digitsOnly
          value={typed[field]}
          error={clamped[field]}
          onChange={(change) => type(field, change.target.value)}
          onBlur={() => clampTyped(field)}
        />
      ))}
      <Checkbox
        id={id('reset')}
        label={text.resetAfterEvent}
        checked={rules.resetAfterEvent}
        onChange={(change) => setRules({ ...rules, resetAfterEvent: change.target.checked })}
      />
      <Button onClick={() => saving.setConfirming(true)} disabled={sameRules(rules, loaded)}>
        {text.save}
      </Button>
    </EventCard>
  );
}
