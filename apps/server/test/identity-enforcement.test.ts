import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateGateKeyPair, makeWalletCode } from '@tickets/domain';
import { demoTicketCode } from '../src/demo/events';
import { citizens, events, tickets, transfers } from '../src/db/schema';
import { firstError, jsonFrom, loginAs } from './support/login';
import { gateStatusOf, noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';
import { pairDevice } from './support/gate';

/**
 * The rule of docs/design.md §9, not one example of it: a suspension entered any way blocks the same
 * person wherever they show up, and nobody else. Each way of entering a suspension is tried on a
 * fresh platform against holders bound every way, at every place a person enters.
 */
const CLUB_OFFICER = '100000015'; // ae-olympiada
const GUARDIAN = '100000027';
const PERSON = '100000039'; // ΚΩΝΣΤΑΝΤΙΝΟΣ ΔΗΜΗΤΡΙΟΥ: season ticket holder, asked to be a companion
const OTHER = '100000040'; // ΣΟΦΙΑ ΙΩΑΝΝΙΔΟΥ: another season ticket holder
const PERSON_SEASON_TICKET = '303000000001';
const OTHER_SEASON_TICKET = '303000000002';
const OTHER_SECOND_SEASON_TICKET = '303000000099';
const PENDING_COMPANION_TICKET = '200000000028';
const FREE_MINOR_TICKET = '200000000011';

/**
 * One identity card, bound at the office by two officers who typed it differently: to the derby and to
 * tonight's match (one person holds one ticket per fixture, docs/design.md §10).
 */
const CARD_TYPED_IN_GREEK = 'ΑΒ123456';
const CARD_AS_PASSPORT_IN_LATIN = 'AB123456';
const nationalIdHolder = demoTicketCode('3', 1, 41);
const passportHolder = demoTicketCode('3', 5, 32);

type Variant = 'afm' | 'amka' | 'documentLatin' | 'documentGreek' | 'documentLowerSpaced' | 'details';
/** Whom the variant names: the registry person (PERSON) or the card bound at the office. */
const namesPerson = (variant: Variant) => variant === 'afm' || variant === 'amka' || variant === 'details';

describe.each(engines)('one suspension, the same person everywhere, on %s', (engine) => {
  describe.each<Variant>(['afm', 'amka', 'documentLatin', 'documentGreek', 'documentLowerSpaced', 'details'])(
    'entered by %s',
    (variant) => {
      const server = useTestServer(engine);
      let base: string;
      const cookies: Record<string, string> = {};
      const eventIds: Record<string, number> = {};
      let suspension: Record<string, unknown>;
      let pendingToPerson: string;
      let person: typeof citizens.$inferSelect;
      let deviceToken: string;
      const paperCode: Record<string, string> = {};
      /** The phone each person registered for a ticket before the suspension: its key and credential. */
      const phones: Record<string, { secretKey: string; credential: string }> = {};

      const call = (afm: string, method: string, path: string, body?: unknown) =>
        fetch(`${base}${path}`, {
          method,
          headers: jsonFrom(base, cookies[afm]),
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const gateStatus = (code: string) => gateStatusOf(base, code);
      const bind = (route: 'personalize' | 'identify', ticketCode: string, documentId: string) =>
        call(
          CLUB_OFFICER,
          'POST',
          `/api/ticket-office/${route}`,
          route === 'personalize'
            ? {
                ticketCode,
                firstName: 'ΙΩΑΝΝΗΣ',
                lastName: 'ΠΑΠΑΔΑΚΗΣ',
                documentType: 'NATIONAL_ID',
                documentId,
              }
            : { ticketCode, firstName: 'John', lastName: 'Smith', documentType: 'PASSPORT', documentId },
        );
      const lend = (from: string, code: string, to: string) =>
        call(from, 'POST', `/api/wallet/tickets/${code}/transfers`, {
          recipientAfm: to,
          eventId: eventIds['demo-derby'],
        });
      const walletOf = async (afm: string) =>
        (await (await call(afm, 'GET', '/api/wallet/tickets')).json()) as Record<string, unknown>[];
      const suspensionBody = () => {
        const card = {
          documentLatin: 'AB123456',
          documentGreek: 'ΑΒ123456',
          documentLowerSpaced: 'ab 123-456',
        } as Record<string, string>;
        if (variant === 'afm') return { ...noPerson, afm: PERSON };
        if (variant === 'amka') return { ...noPerson, amka: person.amka };
        if (variant === 'details') {
          // Typed in lower case with accents: the registry holds capitals.
          return {
            ...noPerson,
            firstName: 'Κωνσταντίνος',
            fathersName: 'Ανδρέας',
            lastName: 'Δημητρίου',
            dateOfBirth: person.birthDate,
          };
        }
        return { ...noPerson, documentId: card[variant] };
      };

      beforeAll(async () => {
        base = server.baseUrl;
        const { db } = server.database;
        for (const afm of [CLUB_OFFICER, GUARDIAN, PERSON, OTHER])
          cookies[afm] = (await loginAs(base, afm)).cookie;
        for (const event of await db.select().from(events)) eventIds[event.externalId] = event.id;
        [person] = (await db.select().from(citizens).where(eq(citizens.afm, PERSON))) as [typeof person];
        // A second season ticket for OTHER, so that a pending loan and a new one can coexist.
        const [season] = await db.select().from(tickets).where(eq(tickets.publicCode, OTHER_SEASON_TICKET));
        if (!season) throw new Error('demo season ticket missing');
        const { id: _id, ...copy } = season;

        // Before the suspension: the card bound twice at the office, and a loan waiting for PERSON.
        for (const [route, code, card] of [
          ['personalize', nationalIdHolder, CARD_TYPED_IN_GREEK],
          ['identify', passportHolder, CARD_AS_PASSPORT_IN_LATIN],
        ] as const) {
          const bound = await bind(route, code, card);
          expect(bound.status).toBe(200);
          paperCode[code] = ((await bound.json()) as { privateCode: string }).privateCode;
        }
        // And tonight's fixture of OTHER's second season ticket lent to PERSON and accepted (written
        // as the wallet would: tonight is past the lending cut-off).
        const [second] = await db
          .insert(tickets)
          .values({ ...copy, publicCode: OTHER_SECOND_SEASON_TICKET, seat: '99' })
          .returning();
        await db.insert(transfers).values({
          ticketId: second?.id as number,
          fixtureId: eventIds['demo-tonight'] as number,
          fromAfm: OTHER,
          toAfm: PERSON,
          toName: `${person.firstName} ${person.lastName}`,
          status: 'ACCEPTED',
        });
        const device = await call(CLUB_OFFICER, 'POST', '/api/ticket-office/gate-devices', {
          label: 'Θύρα 1',
        });
        const paired = await pairDevice(server.baseUrl, ((await device.json()) as { token: string }).token);
        deviceToken = ((await paired.json()) as { credential: string }).credential;
        // Each wallet's phone registered while nobody is suspended (a suspended one may not register).
        for (const [afm, ticketCode] of [
          [PERSON, PERSON_SEASON_TICKET],
          [PERSON, OTHER_SECOND_SEASON_TICKET],
          [OTHER, OTHER_SEASON_TICKET],
        ] as const) {
          const phone = generateGateKeyPair();
          const registered = await call(afm, 'POST', `/api/wallet/tickets/${ticketCode}/device-key`, {
            publicKey: phone.publicKey,
          });
          expect(registered.status).toBe(200);
          const { credential } = (await registered.json()) as { credential: string };
          phones[`${afm}:${ticketCode}`] = { secretKey: phone.secretKey, credential };
        }
        const loan = await lend(OTHER, OTHER_SEASON_TICKET, PERSON);
        expect(loan.status).toBe(200);
        pendingToPerson = ((await loan.json()) as { transferId: string }).transferId;
      });

      it('the pre-check names whom it reaches and counts the tickets enforcement will block', async () => {
        const answer = await call(CLUB_OFFICER, 'POST', '/api/blackList-administration/info', {
          ...suspensionBody(),
          endDate: '2099-12-31',
        });
        expect(answer.status).toBe(200);
        const affected = (await answer.json()) as {
          firstName: string;
          lastName: string;
          ticketsCount: number;
        }[];
        const counted = affected.reduce((sum, entry) => sum + entry.ticketsCount, 0);
        if (namesPerson(variant)) {
          expect(affected).toEqual([
            {
              firstName: 'ΚΩΝΣΤΑΝΤΙΝΟΣ',
              lastName: 'ΔΗΜΗΤΡΙΟΥ',
              minor: false,
              holdsTickets: true,
              // All of them at the officer's own club.
              ticketsCount: (await walletOf(PERSON)).length,
            },
          ]);
        } else {
          expect(counted).toBe(2); // the national ID and the passport bindings of the same number
        }

        const added = await call(CLUB_OFFICER, 'POST', '/api/blackList-administration/add', {
          ...suspensionBody(),
          endDate: '2099-12-31',
        });
        expect(added.status).toBe(200);
        suspension = (await added.json()) as Record<string, unknown>;

        // What was counted is what is blocked.
        const blockedInWallet = (await walletOf(PERSON)).filter((ticket) => ticket.blocked).length;
        const blockedAtOffice = [
          (await gateStatus(nationalIdHolder)) === 'BLOCKED',
          (await gateStatus(passportHolder)) === 'BLOCKED',
        ].filter(Boolean).length;
        expect(blockedInWallet + blockedAtOffice).toBe(counted);
      });

      it('blocks the same person at every place they enter, and nobody else', async () => {
        const blocked = namesPerson(variant);
        const refused = async (response: Response, code: string) => {
          if (blocked) {
            expect(response.status).toBe(422);
            expect((await firstError(response))?.code).toBe(code);
          } else expect(response.status).toBe(200);
        };

        // The wallet: every ticket blocked, saying until when and whom to contact.
        const wallet = await walletOf(PERSON);
        expect(wallet.length).toBeGreaterThan(0);
        for (const ticket of wallet) {
          expect(ticket).toMatchObject(
            blocked
              ? {
                  blocked: true,
                  blockedUntil: '2099-12-31',
                  blockedNotice: expect.stringContaining('31/12/2099'),
                }
              : { blocked: false, blockedUntil: null, blockedNotice: null },
          );
        }
        expect((await walletOf(OTHER)).every((ticket) => ticket.blocked === false)).toBe(true);
        // The providers' gate status, by ΑΦΜ holder and by each office binding of the card.
        expect(await gateStatus(PERSON_SEASON_TICKET)).toBe(blocked ? 'BLOCKED' : 'VALID');
        expect(await gateStatus(OTHER_SEASON_TICKET)).toBe('VALID');
        expect(await gateStatus(nationalIdHolder)).toBe(blocked ? 'VALID' : 'BLOCKED');
        expect(await gateStatus(passportHolder)).toBe(blocked ? 'VALID' : 'BLOCKED');

        // The gate, tonight: PERSON's own season ticket and the fixture lent to PERSON (phone codes),
        // OTHER's, and the card's paper ticket for tonight; then, at the derby, the card's other one.
        const decision = async (externalId: string, code: string | undefined) => {
          const answer = await fetch(`${base}/api/gate/admissions`, {
            method: 'POST',
            headers: { authorization: `Bearer ${deviceToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ eventId: eventIds[externalId], code }),
          });
          expect(answer.status).toBe(200);
          return ((await answer.json()) as { reason: string }).reason;
        };
        // What the phone shows now: signed on the phone, with the credential it registered.
        const tonightCode = async (afm: string, ticketCode: string) => {
          const phone = phones[`${afm}:${ticketCode}`];
          return phone ? makeWalletCode({ ...phone, now: new Date() }) : '';
        };
        const suspendedOr = (isBlocked: boolean) => (isBlocked ? 'SUSPENDED' : 'ADMITTED');
        expect(await decision('demo-tonight', await tonightCode(PERSON, PERSON_SEASON_TICKET))).toBe(
          suspendedOr(blocked),
        );
        expect(await decision('demo-tonight', await tonightCode(PERSON, OTHER_SECOND_SEASON_TICKET))).toBe(
          suspendedOr(blocked),
        );
        expect(await decision('demo-tonight', await tonightCode(OTHER, OTHER_SEASON_TICKET))).toBe(
          'ADMITTED',
        );
        expect(await decision('demo-tonight', paperCode[passportHolder])).toBe(suspendedOr(!blocked));
        const [derby] = await server.database.db
          .select({ startsAt: events.startsAt })
          .from(events)
          .where(eq(events.id, eventIds['demo-derby'] as number));
        const derbyAt = async (startsAt: Date) =>
          server.database.db
            .update(events)
            .set({ startsAt })
            .where(eq(events.id, eventIds['demo-derby'] as number));
        await derbyAt(new Date(Date.now() + 60 * 60_000)); // its gates open
        expect(await decision('demo-derby', paperCode[nationalIdHolder])).toBe(suspendedOr(!blocked));
        await derbyAt(derby?.startsAt as Date);

        // Naming PERSON a companion, and PERSON accepting a request.
        const [minor] = (await (await call(GUARDIAN, 'GET', '/api/tickets/dependents/')).json()) as {
          amka: string;
        }[];
        await refused(
          await call(GUARDIAN, 'POST', '/api/tickets/dependents/declarations/indicate', {
            publicCode: FREE_MINOR_TICKET,
            afm: PERSON,
            amka: minor?.amka,
          }),
          'PERSON_CANNOT_BE_NAMED',
        );
        const requests = (await (await call(PERSON, 'GET', '/api/wallet/companion-requests')).json()) as {
          requestId: string;
          ticketCode: string;
        }[];
        const request = requests.find((entry) => entry.ticketCode === PENDING_COMPANION_TICKET);
        expect(request).toBeDefined();
        await refused(
          await call(PERSON, 'POST', `/api/wallet/companion-requests/${request?.requestId}/accept`),
          'COMPANION_SUSPENDED',
        );

        // Lending: PERSON as holder, as a new recipient, and accepting a loan made before.
        await refused(await lend(PERSON, PERSON_SEASON_TICKET, OTHER), 'TICKET_BLOCKED');
        await refused(await lend(OTHER, OTHER_SECOND_SEASON_TICKET, PERSON), 'PERSON_CANNOT_BE_NAMED');
        await refused(
          await call(PERSON, 'POST', `/api/wallet/transfers/${pendingToPerson}/accept`),
          'RECIPIENT_SUSPENDED',
        );

        // Binding the card again at the office, typed as another officer would (a reprint: the card
        // holds a ticket of each of these fixtures already).
        const rebound = await bind('personalize', nationalIdHolder, 'ΑΒ-123456');
        const reIdentified = await bind('identify', passportHolder, 'AB123-456');
        for (const response of [rebound, reIdentified]) {
          if (blocked) expect(response.status).toBe(200);
          else {
            expect(response.status).toBe(422);
            expect((await firstError(response))?.code).toBe('PERSON_SUSPENDED');
          }
        }
      });

      it('after the entering organisation lifts it, lets everyone in again at once', async () => {
        const lifted = await call(
          CLUB_OFFICER,
          'PUT',
          `/api/blackList-administration/delete/${suspension.id}`,
          {
            afm: suspension.afm,
            amka: suspension.amka,
            documentId: suspension.documentId,
          },
        );
        expect(lifted.status).toBe(200);
        expect((await walletOf(PERSON)).every((ticket) => ticket.blocked === false)).toBe(true);
        for (const code of [PERSON_SEASON_TICKET, nationalIdHolder, passportHolder]) {
          expect(await gateStatus(code)).toBe('VALID');
        }
        expect((await bind('personalize', demoTicketCode('3', 2, 45), CARD_TYPED_IN_GREEK)).status).toBe(200);
        expect((await lend(PERSON, PERSON_SEASON_TICKET, OTHER)).status).not.toBe(422);
      });
    },
  );
});
