import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { normalizeDocumentId, stripSpaces, suspensionMessages } from '@tickets/domain';
import { problemsFrom } from '../../shared/forms/error-summary';
import { TextField } from '../../shared/forms/text-field';
import type { PersonFields } from './api';

const text = suspensionMessages;
const IDENTIFIERS = ['afm', 'amka', 'documentId'] as const;
const IDENTITY = ['firstName', 'lastName', 'fathersName', 'dateOfBirth'] as const;
const FIELDS = [...IDENTIFIERS, ...IDENTITY] as const;

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
 * The error summary's entries: the form-level message of the schema (its path is empty: neither group
 * is filled) points at the first field, then each field's own, in the form's order.
 */
export function personProblems(errors: FieldErrors, prefix: string, after: readonly string[] = []) {
  const formLevel = (errors as Record<string, { message?: string } | undefined>)[''];
  return [
    ...(formLevel?.message ? [{ fieldId: `${prefix}-afm`, message: formLevel.message }] : []),
    ...problemsFrom(errors, [...FIELDS, ...after], (field) => `${prefix}-${field}`),
  ];
}

/**
 * The two groups of docs/product-spec.md §4: filling the identifiers (ΑΦΜ, ΑΜΚΑ, document) disables the
 * identity details (names, birth date), and the reverse.
 */
export function PersonFieldset({
  prefix,
  values,
  errors,
  register,
}: {
  prefix: string;
  /** The form's current values (react-hook-form's `watch()`), which decide the disabled group. */
  values: PersonFields;
  errors: FieldErrors<PersonFields>;
  register: (field: keyof PersonFields) => UseFormRegisterReturn;
}) {
  const identifiersUsed = anyFilled(values, IDENTIFIERS);
  const identityUsed = anyFilled(values, IDENTITY);
  const id = (key: string) => `${prefix}-${key}`;
  return (
    <>
      <p className="govgr-hint">{text.groupsHint}</p>
      <fieldset className="govgr-fieldset" disabled={identityUsed}>
        <legend className="govgr-fieldset__legend govgr-heading-s">{text.identifiers}</legend>
        <TextField
          id={id('afm')}
          label={text.afm}
          error={errors.afm?.message}
          inputMode="numeric"
          normalize={stripSpaces}
          autoComplete="off"
          className="govgr-input--width-10"
          {...register('afm')}
        />
        <TextField
          id={id('amka')}
          label={text.amka}
          error={errors.amka?.message}
          inputMode="numeric"
          normalize={stripSpaces}
          autoComplete="off"
          className="govgr-input--width-20"
          {...register('amka')}
        />
        <TextField
          id={id('documentId')}
          label={text.documentId}
          error={errors.documentId?.message}
          normalize={normalizeDocumentId}
          autoComplete="off"
          className="govgr-input--width-20"
          {...register('documentId')}
        />
      </fieldset>
      <fieldset className="govgr-fieldset" disabled={identifiersUsed}>
        <legend className="govgr-fieldset__legend govgr-heading-s">{text.identity}</legend>
        <TextField
          id={id('firstName')}
          label={text.firstName}
          error={errors.firstName?.message}
          autoComplete="off"
          {...register('firstName')}
        />
        <TextField
          id={id('lastName')}
          label={text.lastName}
          error={errors.lastName?.message}
          autoComplete="off"
          {...register('lastName')}
        />
        <TextField
          id={id('fathersName')}
          label={text.fathersName}
          error={errors.fathersName?.message}
          autoComplete="off"
          {...register('fathersName')}
        />
        <TextField
          id={id('dateOfBirth')}
          label={text.dateOfBirth}
          error={errors.dateOfBirth?.message}
          type="date"
          {...register('dateOfBirth')}
        />
      </fieldset>
    </>
  );
}
