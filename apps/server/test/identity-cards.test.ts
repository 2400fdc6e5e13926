import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@tickets/domain';
import { demoTicketCode } from '../src/demo/events';
import { jsonFrom, loginAs } from './support/login';
import { gateStatusOf, noPerson } from './support/suspensions-api';
import { engines, useTestServer } from './support/test-server';

/**
 * The registry knows each adult's identity card (as the police registry gives it): a suspension by
 * ΑΦΜ reaches the card, so the ticket office cannot bind the person by it, and a ticket bound by it
 * before is blocked at the gate; a binding by the name of a suspended person with a document the
 * registry does not know sends the officer to check the document.
 */
const CLUB_OFFICER = '100000015'; // ae-olympiada
// ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ, card ΑΗ-100003 in the registry: an adult who holds no ticket of the derby (the
// companion and 100000040 hold season tickets, which one ticket per person and fixture counts).
const SUSPENDED = '100000003';
const freeTicket = (serial: number) => demoTicketCode('3', 1, serial);

describe.each(engines)('identity cards and suspensions on %s', (engine) => {
  const server = useTestServer(engine);
  let cookie: string;
  beforeAll(async () => {
    cookie = (await loginAs(server.baseUrl, CLUB_OFFICER)).cookie;
  });

  const post = (path: string, body: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: jsonFrom(server.baseUrl, cookie),
      body: JSON.stringify(body),
    });
  const bind = (ticketCode: string, firstName: string, lastName: string, documentId: string) =>
    post('/api/ticket-office/personalize', {
      ticketCode,
      firstName,
      lastName,
      documentType: 'NATIONAL_ID',
      documentId,
    });
  const errorOf = async (response: Response) =>
    ((await response.json()) as { exceptions: { errors: { code: string; description: string }[] } })
      .exceptions.errors[0];

  it('refuses binding a person suspended by ΑΦΜ by their identity card, and blocks what they hold by it', async () => {
    // Bound by the card before the suspension: admits until then.
    expect((await bind(freeTicket(1), 'ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ', 'ΑΗ100003')).status).toBe(200);
    expect(await gateStatusOf(server.baseUrl, freeTicket(1))).toBe('VALID');

    const added = await post('/api/blackList-administration/add', {
      ...noPerson,
      afm: SUSPENDED,
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);

    // The card however typed, hyphenated or in look-alike Latin capitals: the same card.
    for (const [serial, card] of [
      [2, 'ΑΗ100003'],
      [3, 'AH-100003'], // Latin letters that look like the Greek ones
    ] as const) {
      const refused = await bind(freeTicket(serial), 'ΜΑΡΙΑ', 'ΠΑΠΑΔΟΠΟΥΛΟΥ', card);
      expect(refused.status).toBe(422);
      expect((await errorOf(refused))?.code).toBe('PERSON_SUSPENDED');
    }
    expect(await gateStatusOf(server.baseUrl, freeTicket(1))).toBe('BLOCKED');
    // Another person's card binds.
    expect((await bind(freeTicket(4), 'ΕΛΕΝΗ', 'ΓΕΩΡΓΙΟΥ', 'ΑΗ-100027')).status).toBe(200);
  });

  it('sends the officer to check the document when the name is a suspended person’s and the document unknown', async () => {
    const refused = await bind(freeTicket(5), 'Μαρία'.toUpperCase(), 'ΠΑΠΑΔΟΠΟΥΛΟΥ', 'ΖΖ999999');
    expect(refused.status).toBe(422);
    expect(await errorOf(refused)).toEqual({
      code: 'PERSON_DOCUMENT_CHECK',
      description: errorCatalogue.PERSON_DOCUMENT_CHECK.description,
    });
    // Another name with an unknown document: nothing to check.
    expect((await bind(freeTicket(7), 'ΣΟΦΙΑ', 'ΙΩΑΝΝΙΔΟΥ', 'ΖΖ999998')).status).toBe(200);
  });

  it('reaches by a suspension by identity card what the person holds by ΑΦΜ', async () => {
    const season = '303000000002'; // 100000040's, card ΑΗ-100040
    expect(await gateStatusOf(server.baseUrl, season)).toBe('VALID');
    const added = await post('/api/blackList-administration/add', {
      ...noPerson,
      documentId: 'ΑΗ100040',
      endDate: '2099-12-31',
    });
    expect(added.status).toBe(200);
    expect(await gateStatusOf(server.baseUrl, season)).toBe('BLOCKED');
  });
});
