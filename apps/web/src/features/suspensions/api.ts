import { endOfAthensDay, type AffectedPerson, type SuspensionRecord } from '@tickets/domain';
import { suspensionCall } from '../../shared/api/client';

/** The suspension calls of docs/product-spec.md §7; their errors come as `{"error": "…"}`. */
const base = '/api/blackList-administration';

export type PersonFields = Record<
  'afm' | 'amka' | 'documentId' | 'firstName' | 'fathersName' | 'lastName',
  string
> & {
  dateOfBirth: string;
};

/** Empty fields travel as null (docs/product-spec.md §7). */
const orNull = (fields: PersonFields) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value.trim() === '' ? null : value]),
  ) as Record<string, string | null>;

/** The end date as "ISO, end of day" (docs/product-spec.md §7): the end of that day in Athens, not here. */
export const precheckSuspension = (fields: PersonFields, endDate: string) =>
  suspensionCall<AffectedPerson[]>('POST', `${base}/info`, {
    ...orNull(fields),
    endDate: endOfAthensDay(endDate),
  });

export const addSuspension = (fields: PersonFields, endDate: string) =>
  suspensionCall<SuspensionRecord>('POST', `${base}/add`, {
    ...orNull(fields),
    endDate: endOfAthensDay(endDate),
  });

export const searchSuspensions = (fields: PersonFields) =>
  suspensionCall<SuspensionRecord[]>('POST', `${base}/search`, orNull(fields));

export const deleteSuspension = (record: SuspensionRecord) =>
  suspensionCall<unknown>('PUT', `${base}/delete/${record.id}`, {
    afm: record.afm,
    amka: record.amka,
    documentId: record.documentId,
  });
