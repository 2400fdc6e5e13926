import { DEMO_PROVIDER_KEYS } from '../../src/demo/events';

/** A suspension form with nothing filled in, to spread the fields a test gives over. */
export const noPerson: Record<string, string | null> = {
  afm: null,
  amka: null,
  documentId: null,
  firstName: null,
  fathersName: null,
  lastName: null,
  dateOfBirth: null,
};

/** What ae-olympiada's gate hears of a ticket (the providers' gate status). */
export async function gateStatusOf(
  baseUrl: string,
  publicCode: string,
  query = '',
  provider: keyof typeof DEMO_PROVIDER_KEYS = 'ae-olympiada',
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/providers/tickets/${publicCode}/status${query}`, {
    headers: { authorization: `Bearer ${DEMO_PROVIDER_KEYS[provider]}` },
  });
  return ((await response.json()) as { status: string }).status;
}
