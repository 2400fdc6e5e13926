import { endOfAthensDay, type AffectedPerson, type SuspensionRecord } from '@tickets/domain';
import { suspensionCall } from '../../shared/api/client';
import { useApiMutation, type MutationReactions } from '../../shared/api/mutation';

/**
 * The suspension calls of docs/product-spec.md §7; their errors come as `{"error": "…"}`. Each is a
 * POST or PUT the officer submits once: its answer is the form's, nothing is cached.
 */
export type PersonFields = Record<
  'afm' | 'amka' | 'documentId' | 'firstName' | 'fathersName' | 'lastName',
  string
> & {
  dateOfBirth: string;
};

/** What the insert form sends: the person and the day the suspension ends. */
export type SuspensionRequest = PersonFields & { endDate: string };

/** Empty fields travel as null (docs/product-spec.md §7). */
const orNull = (fields: PersonFields) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value.trim() === '' ? null : value]),
  ) as Record<string, string | null>;

/** The end date as "ISO, end of day" (docs/product-spec.md §7): the end of that day in Athens, not here. */
const withEndOfDay = ({ endDate, ...fields }: SuspensionRequest) => ({
  body: { ...orNull(fields), endDate: endOfAthensDay(endDate) },
});

export const precheckSuspension = (request: SuspensionRequest): Promise<AffectedPerson[]> =>
  suspensionCall('post', '/api/blackList-administration/info', withEndOfDay(request));

export const addSuspension = (request: SuspensionRequest): Promise<SuspensionRecord> =>
  suspensionCall('post', '/api/blackList-administration/add', withEndOfDay(request));

const searchSuspensions = (fields: PersonFields): Promise<SuspensionRecord[]> =>
  suspensionCall('post', '/api/blackList-administration/search', { body: orNull(fields) });

const deleteSuspension = (record: SuspensionRecord): Promise<unknown> =>
  suspensionCall('put', '/api/blackList-administration/delete/{id}', {
    params: { path: { id: record.id } },
    body: { afm: record.afm, amka: record.amka, documentId: record.documentId },
  });

export const usePrecheckSuspensionMutation = (
  reactions?: MutationReactions<AffectedPerson[], SuspensionRequest>,
) => useApiMutation(precheckSuspension, {}, reactions);

export const useAddSuspensionMutation = (
  reactions?: MutationReactions<SuspensionRecord, SuspensionRequest>,
) => useApiMutation(addSuspension, {}, reactions);

export const useSearchSuspensionsMutation = (
  reactions?: MutationReactions<SuspensionRecord[], PersonFields>,
) => useApiMutation(searchSuspensions, {}, reactions);

export const useDeleteSuspensionMutation = (reactions?: MutationReactions<unknown, SuspensionRecord>) =>
  useApiMutation(deleteSuspension, {}, reactions);
