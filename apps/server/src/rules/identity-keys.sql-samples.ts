import { description, sqlSamples } from '../../test/support/sql-files/module';
import * as identityKeys from './identity-keys';

export const samples = sqlSamples(identityKeys, {
  directKeys: null,
  givenKeys: null,
  personKeys: null,
  // By every identifier and the identity details.
  resolveIdentity: (db) => identityKeys.resolveIdentity(db, description),
  keysByKind: null,
});
