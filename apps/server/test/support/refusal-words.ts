import { OAUTH_DESCRIPTION } from '@tickets/domain';

/** A refused call's answer, in any of the API's three shapes (docs/design.md §4 and §12). */
export interface RefusalAnswer {
  exceptions?: { errors?: { description?: string }[] };
  /** The suspended-users routes' Greek sentence, or OAuth's code beside its description. */
  error?: string;
  /** An EU wallet's routes answer OAuth's errors, the description in ASCII English. */
  error_description?: string;
}

/** Whether a refusal says why in the words its reader reads: OAuth's ASCII for a wallet, else Greek. */
export function saysWhyInItsWords(answer: RefusalAnswer): boolean {
  if (answer.error_description !== undefined) return OAUTH_DESCRIPTION.test(answer.error_description);
  return /[\u0370-\u03ff]/.test(answer.exceptions?.errors?.[0]?.description ?? answer.error ?? '');
}
