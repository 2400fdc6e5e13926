import { EVENT_DURATION_MINUTES, type TransferRulesUpdate } from '@tickets/domain';
import type { events } from '../db/schema';
import { AppError } from '../shared/app-error';

/**
 * The transfer rules (docs/design.md §5), one meaning for the two features that use them: officers
 * set them on events (features/transfer-events), the wallet's loans obey them (features/wallet).
 * A season carries the rules of its tickets' loans; a fixture can only be excluded.
 */
type EventRow = typeof events.$inferSelect;
export type TransferRuleChanges = Partial<
  Pick<
    EventRow,
    | 'allowTransfer'
    | 'maxTransfers'
    | 'transferMinuteLimit'
    | 'minToAutoRevertTransferredTicket'
    | 'ignoreTransfers'
  >
>;

/** Only the rules that belong to the kind of event change; the rest of the body is the client's echo. */
export const transferRuleChanges = (event: EventRow, update: TransferRulesUpdate): TransferRuleChanges =>
  event.seasonal
    ? {
        allowTransfer: update.allowTransfer ?? event.allowTransfer,
        maxTransfers: update.maxTransfers ?? event.maxTransfers,
        transferMinuteLimit: update.transferMinuteLimit ?? event.transferMinuteLimit,
        minToAutoRevertTransferredTicket:
          update.minToAutoRevertTransferredTicket === undefined
            ? event.minToAutoRevertTransferredTicket
            : update.minToAutoRevertTransferredTicket,
      }
    : { ignoreTransfers: update.ignoreTransfers ?? event.ignoreTransfers };

type Season = Pick<
  EventRow,
  'id' | 'allowTransfer' | 'maxTransfers' | 'transferMinuteLimit' | 'minToAutoRevertTransferredTicket'
>;
type Fixture = Pick<EventRow, 'seasonId' | 'startsAt' | 'ignoreTransfers'>;

const cutOffPassed = (season: Season, fixture: Fixture) =>
  Date.now() > fixture.startsAt.getTime() - season.transferMinuteLimit * 60_000;

/** The season lets its tickets be lent at all. */
export function assertSeasonLends(season: Season): void {
  if (!season.allowTransfer) throw new AppError('TRANSFER_NOT_ALLOWED');
}

/** A fixture of the season, not started, not excluded, before the season's cut-off. */
export function assertFixtureLendable(season: Season, fixture: Fixture, started: boolean): void {
  if (fixture.seasonId !== season.id) throw new AppError('FIXTURE_NOT_IN_SEASON');
  if (started) throw new AppError('FIXTURE_STARTED');
  if (fixture.ignoreTransfers) throw new AppError('TRANSFER_NOT_ALLOWED_FOR_FIXTURE');
  if (cutOffPassed(season, fixture)) throw new AppError('TRANSFER_CUTOFF_PASSED');
}

/** An acceptance: the fixture not started, the cut-off not passed. */
export function assertLoanAcceptable(season: Season, fixture: Fixture, started: boolean): void {
  if (started) throw new AppError('FIXTURE_STARTED');
  if (cutOffPassed(season, fixture)) throw new AppError('TRANSFER_CUTOFF_PASSED');
}

/** The season's allowance of loans per ticket, counted over the season. */
export function assertAllowanceLeft(season: Season, used: number): void {
  if (used >= season.maxTransfers) throw new AppError('TRANSFER_LIMIT_REACHED');
}

/** When an accepted loan reverts to the holder: after the fixture, by the season's rule; null = never. */
export function revertTimeOf(season: Season, fixture: Fixture): Date | null {
  const minutes = season.minToAutoRevertTransferredTicket;
  return minutes === null
    ? null
    : new Date(fixture.startsAt.getTime() + (EVENT_DURATION_MINUTES + minutes) * 60_000);
}
