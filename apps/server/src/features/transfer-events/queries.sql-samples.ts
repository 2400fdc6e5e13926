import { officer, sqlSamples } from '../../../test/support/sql-files/module';
import * as transferEvents from './queries';

export const samples = sqlSamples(transferEvents, {
  findUpcomingEvents: (db) => transferEvents.findUpcomingEvents(db, officer),
  lockUpcomingEvent: (db) => transferEvents.lockUpcomingEvent(db, 1, officer),
  saveTransferRules: (db) =>
    transferEvents.saveTransferRules(db, 1, { allowTransfer: true, maxTransfers: 3 }),
});
