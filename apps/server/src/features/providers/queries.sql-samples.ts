import { sample, sqlSamples } from '../../../test/support/sql-files/module';
import * as providers from './queries';

const { organisationId, publicCode, digest } = sample;

export const samples = sqlSamples(providers, {
  findActiveProviderByKeyHash: (db) => providers.findActiveProviderByKeyHash(db, digest),
  findEventOfOrganisation: (db) => providers.findEventOfOrganisation(db, organisationId, { eventId: 1 }),
  findTicketOfOrganisation: (db) => providers.findTicketOfOrganisation(db, organisationId, publicCode),
});
