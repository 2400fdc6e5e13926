import { sample, sqlSamples } from '../../test/support/sql-files/module';
import * as audit from './audit';

export const samples = sqlSamples(audit, {
  // Outside a transaction: the group commit's INSERT (in one, the same rows in a statement of their own).
  audit: (db) => audit.audit(db, { ...sample.audited, details: { eventId: 1 } }),
  auditedWith: null,
  auditedRowsWith: null,
  auditInsert: null,
  auditBatches: null,
});
