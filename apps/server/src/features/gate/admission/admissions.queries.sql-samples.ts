import { sample, sqlSamples } from '../../../../test/support/sql-files/module';
import * as admissions from './admissions.queries';

const { id, organisationId, publicCode, digest } = sample;

export const samples = sqlSamples(admissions, {
  scanQuery: (db) =>
    admissions.scanQuery(db).execute({
      code: 'code',
      eventId: 1,
      deviceId: id,
      printTicket: null,
      printSerial: null,
      credentialId: null,
      devicePublicKey: null,
      presentedCredentialId: null,
      presentedKeyThumbprint: null,
      idempotencyKey: 'scan-1',
    }),
  admitQuery: (db) =>
    admissions.admitQuery(db).execute({
      ticketIds: [1],
      eventIds: [1],
      deviceIds: [id],
      subjects: [publicCode],
      requestIds: ['request'],
      proofDigests: [digest],
      idempotencyKeys: [null],
    }),
  findFirstAdmission: (db) => admissions.findFirstAdmission(db, 1, 1),
  lockAdmissionOfClub: (db) => admissions.lockAdmissionOfClub(db, id, organisationId),
  markAdmissionUndone: (db) => admissions.markAdmissionUndone(db, id),
});
