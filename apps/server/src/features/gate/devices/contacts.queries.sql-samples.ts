import { sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as contacts from './contacts.queries';

const { id } = sample;

export const samples = sqlSamples(contacts, {
  listDevicesAtOpenGates: (db) => contacts.listDevicesAtOpenGates(db),
  recordContact: (db) => contacts.recordContact(db, id),
  recordUnsent: (db) => contacts.recordUnsent(db, id, 3),
  lowerUnsent: (db) => contacts.lowerUnsent(db, id, 3),
});
