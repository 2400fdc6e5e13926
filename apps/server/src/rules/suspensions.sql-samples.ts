import { description, person, sample, sqlSamples } from '../../test/support/sql-files/module';
import * as suspensionRule from './suspensions';

const { amka } = sample;

export const samples = sqlSamples(suspensionRule, {
  directKeysOf: null,
  registryKeysOf: null,
  activeSuspensionCondition: null,
  isSuspendedWhere: null,
  activeSuspensionOf: (db) => suspensionRule.activeSuspensionOf(db, person),
  activeSuspensionsOf: (db) => suspensionRule.activeSuspensionsOf(db, [person, { amka }]),
  isSuspended: (db) => suspensionRule.isSuspended(db, person),
  namesSuspendedPersonWithUnknownDocument: (db) =>
    suspensionRule.namesSuspendedPersonWithUnknownDocument(db, description),
});
