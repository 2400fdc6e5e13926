import { suspensionMessages } from '@tickets/domain';
import { TextField } from '../../shared/forms/text-field';
import type { PersonFields } from './api';

const text = suspensionMessages;
export const IDENTIFIERS = ['afm', 'amka', 'documentId'] as const;
export const IDENTITY = ['firstName', 'lastName', 'fathersName', 'dateOfBirth'] as const;

export const emptyPerson = (): PersonFields => ({
  afm: '',
  amka: '',
  documentId: '',
  firstName: '',
  fathersName: '',
  lastName: '',
  dateOfBirth: '',
});
const anyFilled = (fields: PersonFields, keys: readonly (keyof PersonFields)[]) =>
  keys.some((key) => fields[key].trim() !== '');

/**
 * The two groups of docs/product-spec.md §4: filling the identifiers (ΑΦΜ, ΑΜΚΑ, document) disables the
 * identity details (names, birth date), and the reverse.
 */
export function PersonFieldset({
  prefix,
  fields,
  errors,
  onChange,
}: {
  prefix: string;
  fields: PersonFields;
  errors: Partial<Record<string, string>>;
  onChange(fields: PersonFields): void;
}) {
  const identifiersUsed = anyFilled(fields, IDENTIFIERS);
  const identityUsed = anyFilled(fields, IDENTITY);
  const set = (key: keyof PersonFields) => (event: { target: { value: string } }) =>
    onChange({ ...fields, [key]: event.target.value });
  const id = (key: string) => `${prefix}-${key}`;
  return (
    <>
      <p className="govgr-hint">{text.groupsHint}</p>
      <fieldset className="govgr-fieldset" disabled={identityUsed}>
        <legend className="govgr-fieldset__legend govgr-heading-s">{text.identifiers}</legend>
        <TextField
          id={id('afm')}
          label={text.afm}
          error={errors.afm}
          inputMode="numeric"
          autoComplete="off"
          className="govgr-input--width-10"
          value={fields.afm}
          onChange={set('afm')}
        />
        <TextField
          id={id('amka')}
          label={text.amka}
          error={errors.amka}
          inputMode="numeric"
          autoComplete="off"
          className="govgr-input--width-20"
          value={fields.amka}
          onChange={set('amka')}
        />
        <TextField
          id={id('documentId')}
          label={text.documentId}
          error={errors.documentId}
          autoComplete="off"
          className="govgr-input--width-20"
          value={fields.documentId}
          onChange={set('documentId')}
        />
      </fieldset>
      <fieldset className="govgr-fieldset" disabled={identifiersUsed}>
        <legend className="govgr-fieldset__legend govgr-heading-s">{text.identity}</legend>
        <TextField
          id={id('firstName')}
          label={text.firstName}
          error={errors.firstName}
          autoComplete="off"
          value={fields.firstName}
          onChange={set('firstName')}
        />
        <TextField
          id={id('lastName')}
          label={text.lastName}
          error={errors.lastName}
          autoComplete="off"
          value={fields.lastName}
          onChange={set('lastName')}
        />
        <TextField
          id={id('fathersName')}
          label={text.fathersName}
          error={errors.fathersName}
          autoComplete="off"
          value={fields.fathersName}
          onChange={set('fathersName')}
        />
        <TextField
          id={id('dateOfBirth')}
          label={text.dateOfBirth}
          error={errors.dateOfBirth}
          type="date"
          value={fields.dateOfBirth}
          onChange={set('dateOfBirth')}
        />
      </fieldset>
    </>
  );
}

/** Zod issues → a message per field (the first), and the form-level message under "" */
export function errorsByField(
  issues: { path: PropertyKey[]; message: string }[],
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}
