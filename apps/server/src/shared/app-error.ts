import { errorCatalogue, type ErrorCode } from '@tickets/domain';

/**
 * A coded error: thrown anywhere, turned into the spec's envelope by the one error handler. Only a
 * code of the catalogue can be thrown; its status is the catalogue's, and so is the description
 * unless a more precise one is given (a field's own validation message).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    description?: string,
    /** Seconds until trying again is worth it: answered as Retry-After (a 429 of a service's own limit). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description ?? errorCatalogue[code].description);
    this.status = errorCatalogue[code].status;
  }
}
