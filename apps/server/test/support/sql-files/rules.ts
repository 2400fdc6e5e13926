import { createHash } from 'node:crypto';
import { identityKey } from '@tickets/domain';
import type { Db } from '../../../src/db/client';
import {
  auditLog,
  citizens,
  companionDeclarations,
  events,
  suspensions,
  tickets,
  transfers,
} from '../../../src/db/schema';
import * as entry from '../../../src/rules/entry';
import * as fixtures from '../../../src/rules/fixtures';
import * as identifierDigests from '../../../src/rules/identifier-digests';
import * as identityKeys from '../../../src/rules/identity-keys';
import * as notices from '../../../src/rules/notices';
import * as people from '../../../src/rules/people';
import * as suspensionKeys from '../../../src/rules/suspension-keys';
import * as suspensionRule from '../../../src/rules/suspensions';
import * as ticketRule from '../../../src/rules/tickets';
import { officer, sample, sqlModule } from './module';

const { afm, amka, id, publicCode } = sample;
const person = { afm, amka, documentId: 'Α1' };
const description = {
  ...person,
  firstName: 'ΜΑΡΙΑ',
  fathersName: 'ΙΩΑΝΝΗΣ',
  lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  dateOfBirth: '1980-01-01',
};
/** A suspension in force with no keys yet, as one entered before identity keys existed. */
const suspensionInForce = { ...description, endDate: '2099-01-01', createdBy: afm };

/** Match 1 and its ticket 1, which a notice reads with the change it is about (it is an error without). */
async function writeMatch(unlogged: Db) {
  await unlogged.insert(events).values({
    id: 1,
    organisationId: sample.organisationId,
    externalId: 'match',
    description: 'ΟΛΥΜΠΙΑΚΟΣ - ΠΑΟΚ',
    startsAt: sample.at,
    venue: 'ΣΤΑΔΙΟ',
  });
  await unlogged.insert(tickets).values({ id: 1, publicCode, eventId: 1, holderAmka: amka });
}

export const ruleModules = [
  // Its body is the rule the bindings ask (wallet.claims' bindToWallet, ticket-office's bindUnboundTicket).
  sqlModule('rules.fixtures', 'rules/fixtures.ts', fixtures, {
    mayBindTicket: null,
    installBindingRule: (db) => fixtures.installBindingRule(db),
  }),
  sqlModule('rules.suspensions', 'rules/suspensions.ts', suspensionRule, {
    directKeysOf: null,
    registryKeysOf: null,
    activeSuspensionCondition: null,
    isSuspendedWhere: null,
    activeSuspensionOf: (db) => suspensionRule.activeSuspensionOf(db, person),
    activeSuspensionsOf: (db) => suspensionRule.activeSuspensionsOf(db, [person, { amka }]),
    isSuspended: (db) => suspensionRule.isSuspended(db, person),
    namesSuspendedPersonWithUnknownDocument: (db) =>
      suspensionRule.namesSuspendedPersonWithUnknownDocument(db, description),
  }),
  sqlModule('rules.identity-keys', 'rules/identity-keys.ts', identityKeys, {
    directKeys: null,
    givenKeys: null,
    personKeys: null,
    // By every identifier and the identity details.
    resolveIdentity: (db) => identityKeys.resolveIdentity(db, description),
    keysByKind: null,
  }),
  sqlModule('rules.suspension-keys', 'rules/suspension-keys.ts', suspensionKeys, {
    storeSuspensionKeys: (db) =>
      suspensionKeys.storeSuspensionKeys(db, 1, [identityKey.afm(afm), identityKey.amka(amka)]),
    refreshSuspensionKeys: async (db, unlogged) => {
      await unlogged.insert(suspensions).values(suspensionInForce);
      await suspensionKeys.refreshSuspensionKeys(db);
    },
    // A ticket bound by document before document keys, and a suspension before identity keys.
    backfillIdentityKeys: async (db, unlogged) => {
      await unlogged.insert(tickets).values({ publicCode, eventId: 1, documentId: 'Α1' });
      await unlogged.insert(suspensions).values(suspensionInForce);
      await suspensionKeys.backfillIdentityKeys(db);
    },
  }),
  sqlModule('rules.identifier-digests', 'rules/identifier-digests.ts', identifierDigests, {
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
  }),
  sqlModule('rules.notices', 'rules/notices.ts', notices, {
    declarationNotice: async (db, unlogged) => {
      await writeMatch(unlogged);
      await unlogged.insert(citizens).values([
        { id: 1, amka, firstName: 'ΝΙΚΟΣ', lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΣ', birthDate: '2015-01-01' },
        {
          id: 2,
          afm,
          amka: '01018000002',
          firstName: 'ΜΑΡΙΑ',
          lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
          birthDate: '1980-01-01',
        },
      ]);
      await unlogged.insert(companionDeclarations).values({
        id,
        guardianId: 2,
        minorId: 1,
        ticketId: 1,
        companionAfm: '100000015',
        companionName: 'ΓΙΩΡΓΟΣ ΔΗΜΗΤΡΙΟΥ',
        status: 'ACCEPTED',
      });
      await notices.declarationNotice(db, id);
    },
    transferNotice: async (db, unlogged) => {
      await writeMatch(unlogged);
      await unlogged.insert(transfers).values({
        id,
        ticketId: 1,
        fixtureId: 1,
        fromAfm: afm,
        toAfm: '100000015',
        toName: 'ΓΙΩΡΓΟΣ ΔΗΜΗΤΡΙΟΥ',
        status: 'ACCEPTED',
      });
      await notices.transferNotice(db, id);
    },
    suspensionNotices: (db) =>
      notices.suspensionNotices(db, [{ afm }], 'SUSPENSION_ENTERED', {
        endDate: '2099-01-01',
        organisationId: sample.organisationId,
      }),
    ticketBoundNotice: null,
    minorAdmittedNotices: (db) => notices.minorAdmittedNotices(db, [id]),
  }),
  sqlModule('rules.entry', 'rules/entry.ts', entry, {
    entryGivingLoan: null,
    admitsTo: null,
    entrantOf: (db) => entry.entrantOf(db, { id: 1, holderAfm: afm, holderAmka: null, documentId: null }, 1),
  }),
  sqlModule('rules.people', 'rules/people.ts', people, {
    fullNameOf: null,
    ageToday: null,
    findCitizenByAfm: (db) => people.findCitizenByAfm(db, afm),
  }),
  sqlModule('rules.tickets', 'rules/tickets.ts', ticketRule, {
    findTicketForOfficer: (db) => ticketRule.findTicketForOfficer(db, officer, publicCode),
    isBound: null,
    toTicketDetails: null,
  }),
];
