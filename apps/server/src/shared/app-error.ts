import { errorCatalogue, type ErrorCode } from '@tickets/domain';

/**
 * A coded error: thrown anywhere, turned into the spec's envelope by the one error handler.
 * The description defaults to the catalogue's Greek text for the code.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(code: ErrorCode, description?: string);
  constructor(code: string, description: string, status: number);
  constructor(code: string, description?: string, status?: number) {
    const known = (errorCatalogue as Record<string, { status: number; description: string }>)[code];
    super(description ?? known?.description ?? errorCatalogue.INTERNAL_ERROR.description);
    this.code = code;
    this.status = status ?? known?.status ?? 500;
  }
}
