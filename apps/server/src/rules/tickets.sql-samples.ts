import { officer, sample, sqlSamples } from '../../test/support/sql-files/module';
import * as ticketRule from './tickets';

const { publicCode } = sample;

export const samples = sqlSamples(ticketRule, {
  findTicketForOfficer: (db) => ticketRule.findTicketForOfficer(db, officer, publicCode),
  isBound: null,
  toTicketDetails: null,
});
