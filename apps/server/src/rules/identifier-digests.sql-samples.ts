import { createHash } from 'node:crypto';
import { identityKey } from '@tickets/domain';
import { auditLog, citizens } from '../db/schema';
import { sample, sqlSamples } from '../../test/support/sql-files/module';
import * as identifierDigests from './identifier-digests';

const { afm, amka } = sample;

export const samples = sqlSamples(identifierDigests, {
  identifierDigest: null,
  // An audit row of a search from before digests were keyed, of a person the registry knows.
  keyBareDigests: async (db, unlogged) => {
    await unlogged
      .insert(citizens)
      .values({ afm, amka, firstName: 'Α', lastName: 'Β', birthDate: '1980-01-01' });
    const bare = createHash('sha256').update(identityKey.afm(afm)).digest('hex');
    await unlogged
      .insert(auditLog)
      .values({ actor: afm, action: 'SUSPENSION_SEARCH', details: { identifiers: [bare] } });
    await identifierDigests.keyBareDigests(db, 'secret');
  },
});
