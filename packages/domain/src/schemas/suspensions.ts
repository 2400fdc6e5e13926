import { z } from 'zod';
import { athensDayOf, todayInAthens } from '../dates';
import { AFM_LENGTH, AMKA_LENGTH, DOCUMENT_ID_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants';
import { IDENTIFIER_SHAPES, isValidAfm, stripSpaces } from '../identifiers';
import { suspensionMessages as text, validationMessages } from '../form-messages';
import { textField } from './fields';

/**
 * The suspended-users payloads (`/api/blackList-administration`) of docs/product-spec.md §3/§5. Empty strings and nulls both mean
 * "not given"; spaces are removed from the identifiers. One schema for the form and the server.
 */
const optionalName = (tooLong: string) =>
  textField()
    .max(NAME_MAX_LENGTH, { error: tooLong })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** Room for the spaces a person may type inside an identifier, which are then removed. */
const optionalIdentifier = (max: number, message: string) =>
  textField()
    .max(max + 20, { error: message })
    .nullish()
    .transform((value) => (value ? stripSpaces(value) || null : null));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** The years a birth date or a suspension's end can fall in. */
const YEARS = { first: 1900, last: 2999 } as const;

/**
 * Whether the YYYY-MM-DD a value starts with is a day that exists (no 30 February: JavaScript's
 * Date would quietly roll it over to March, and the database would refuse it).
 */
export function isRealCalendarDate(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (!(year >= YEARS.first && year <= YEARS.last)) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date from "YYYY-MM-DD" or an ISO instant (read as a day in Athens); nothing else. */
const optionalDay = textField()
  .max(40)
  .nullish()
  .transform((value, context) => {
    if (!value) return null;
    const shaped = DATE_ONLY.test(value) || ISO_INSTANT.test(value);
    const day =
      shaped && isRealCalendarDate(value) ? (DATE_ONLY.test(value) ? value : athensDayOf(value)) : undefined;
    if (!day) context.addIssue({ code: 'custom', message: text.badDate });
    return day ?? null;
  });

const fields = {
  afm: optionalIdentifier(AFM_LENGTH, text.afmLength),
  amka: optionalIdentifier(AMKA_LENGTH, text.amkaLength),
  documentId: optionalIdentifier(DOCUMENT_ID_MAX_LENGTH, validationMessages.documentId),
  firstName: optionalName(validationMessages.firstName.tooLong),
  fathersName: optionalName(validationMessages.fathersName.tooLong),
  lastName: optionalName(validationMessages.lastName.tooLong),
  dateOfBirth: optionalDay,
};

type Person = { [K in keyof typeof fields]: z.output<(typeof fields)[K]> };

const hasIdentifier = (person: Person) => Boolean(person.afm || person.amka || person.documentId);
const identityParts = (person: Person) => [
  person.firstName,
  person.fathersName,
  person.lastName,
  person.dateOfBirth,
];
const hasFullIdentity = (person: Person) => identityParts(person).every(Boolean);

function checkIdentifiers(person: Person, context: z.RefinementCtx): void {
  if (person.afm && !IDENTIFIER_SHAPES.afm.test(person.afm))
    context.addIssue({ code: 'custom', path: ['afm'], message: text.afmLength });
  else if (person.afm && !isValidAfm(person.afm))
    context.addIssue({ code: 'custom', path: ['afm'], message: validationMessages.afmCheckDigit });
  if (person.amka && !IDENTIFIER_SHAPES.amka.test(person.amka))
    context.addIssue({ code: 'custom', path: ['amka'], message: text.amkaLength });
  // Either case: matching folds it (canonicalIdentifier), so a ban's number need not be retyped.
  if (person.documentId && !IDENTIFIER_SHAPES.documentId.test(person.documentId.toUpperCase())) {
    context.addIssue({ code: 'custom', path: ['documentId'], message: validationMessages.documentId });
  }
  if (person.dateOfBirth && person.dateOfBirth > todayInAthens()) {
    context.addIssue({ code: 'custom', path: ['dateOfBirth'], message: text.birthInFuture });
  }
}

/** POST /api/blackList-administration/info and /add. */
export const suspensionRequestSchema = z
  .strictObject({ ...fields, endDate: optionalDay })
  .superRefine((person, context) => {
    if (!hasIdentifier(person) && !hasFullIdentity(person)) {
      context.addIssue({ code: 'custom', path: [], message: text.insertNeedsIdentity });
      return;
    }
    checkIdentifiers(person, context);
    if (!person.endDate)
      context.addIssue({ code: 'custom', path: ['endDate'], message: text.insertNeedsIdentity });
    else if (person.endDate < todayInAthens())
      context.addIssue({ code: 'custom', path: ['endDate'], message: text.endBeforeToday });
  });
export type SuspensionRequest = z.output<typeof suspensionRequestSchema>;

/** POST /api/blackList-administration/search. */
export const suspensionSearchSchema = z.strictObject(fields).superRefine((person, context) => {
  if (!hasIdentifier(person)) {
    const given = identityParts(person).filter(Boolean).length;
    if (given === 0) context.addIssue({ code: 'custom', path: [], message: text.searchNeedsIdentity });
    else if (given < 4) context.addIssue({ code: 'custom', path: [], message: text.searchNeedsFullIdentity });
    if (given < 4) return;
  }
  checkIdentifiers(person, context);
});
export type SuspensionSearch = z.output<typeof suspensionSearchSchema>;

/** PUT /api/blackList-administration/delete/{id}: the record's identifiers, as a second check. */
export const suspensionDeleteSchema = z.strictObject({
  afm: fields.afm,
  amka: fields.amka,
  documentId: fields.documentId,
});

export const suspensionRecordSchema = z.object({
  id: z.number(),
  afm: z.string().nullable(),
  amka: z.string().nullable(),
  documentId: z.string().nullable(),
  firstName: z.string().nullable(),
  fathersName: z.string().nullable(),
  lastName: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  createdOn: z.string(),
  endDate: z.string(),
  createdBy: z.string(),
  active: z.boolean(),
});
export type SuspensionRecord = z.infer<typeof suspensionRecordSchema>;

/**
 * The pre-check's answer: the people the suspension would reach, with what confirms the right person
 * and no more (docs/design.md §9): names and whether they hold tickets, the count only at the
 * officer's own club, and of a minor only that it is a minor.
 */
export const affectedPersonSchema = z.object({
  /** Null for a minor, and where no name is known. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  minor: z.boolean(),
  /** Holds tickets to upcoming events, at any club (false for a minor). */
  holdsTickets: z.boolean(),
  /** Tickets to upcoming events at the officer's own club (at every club for platform-wide staff). */
  ticketsCount: z.number(),
});
export type AffectedPerson = z.infer<typeof affectedPersonSchema>;

/** Every error of the suspended-users endpoints, in the shape the spec's client reads (docs/design.md §4). */
export const suspensionErrorSchema = z
  .object({ error: z.string().meta({ description: 'What went wrong and what to do, in Greek.' }) })
  .meta({ description: 'An error of the suspended-users endpoints: its Greek description only.' });
