import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as providerImports from './imports.queries';

const { organisationId, publicCode, at } = sample;
const providerEvent = {
  externalId: 'match',
  description: 'ΟΛΥΜΠΙΑΚΟΣ - ΠΑΟΚ',
  startsAt: at.toISOString(),
  venue: 'ΣΤΑΔΙΟ',
  seasonal: false,
  displayMode: 'QR' as const,
};
const providerTicket = { publicCode, eventExternalId: 'match', seasonal: false };

export const samples = sqlSamples(providerImports, {
  seasonIdsOf: (db) => providerImports.seasonIdsOf(db, organisationId),
  eventIdsOf: (db) => providerImports.eventIdsOf(db, organisationId),
  startedFixturesOf: (db) => providerImports.startedFixturesOf(db, organisationId, ['match']),
  codePrefixesOf: (db) => providerImports.codePrefixesOf(db, organisationId),
  upsertEvents: (db) => providerImports.upsertEvents(db, organisationId, [providerEvent], new Map()),
  upsertTickets: (db) =>
    providerImports.upsertTickets(db, organisationId, [providerTicket], new Map([['match', 1]])),
});
