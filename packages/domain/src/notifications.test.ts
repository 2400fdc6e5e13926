import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KINDS,
  notificationParamsSchema,
  renderNotification,
  UNNAMED_PERSON,
} from './notifications';

const params = notificationParamsSchema.parse({
  eventDescription: 'Α.Ε. Ολυμπιάδα - Αστέρας <Θεσσαλίας> & Co',
  eventStartsAt: '2026-12-05T17:30:00.000Z',
  venue: 'Γήπεδο Ολυμπιάδας',
  otherName: 'ΕΛΕΝΗ ΓΕΩΡΓΙΟΥ',
  minorFirstName: 'ΑΝΝΑ',
  lastDay: '2027-01-31',
  organisationName: 'Α.Ε. Ολυμπιάδα (ποδόσφαιρο)',
});

describe('notification templates', () => {
  it.each(NOTIFICATION_KINDS)(
    '%s: a subject, text and HTML with the link and why, nothing left unfilled',
    (kind) => {
      const message = renderNotification(kind, params, 'https://tickets.example.gov.gr');
      expect(message.subject.length).toBeGreaterThan(0);
      expect(message.text).toContain('https://tickets.example.gov.gr/tickets');
      expect(message.text).toContain(message.reason);
      expect(message.reason).toMatch(/^Λαμβάνετε αυτό το μήνυμα επειδή/);
      for (const part of [message.subject, message.text, message.html]) {
        expect(part).not.toMatch(/undefined|null|NaN|\$\{/);
      }
      expect(message.html).toContain('<html lang="el">');
      expect(message.html).toContain('name="viewport"');
    },
  );

  it.each(NOTIFICATION_KINDS)('%s: never shows an empty name (issue 40, item 11)', (kind) => {
    for (const blank of ['', '   ']) {
      const nameless = notificationParamsSchema.parse({
        ...params,
        otherName: blank,
        minorFirstName: blank,
        organisationName: blank,
      });
      const message = renderNotification(kind, nameless, 'https://tickets.example.gov.gr');
      for (const part of [message.subject, ...message.paragraphs]) {
        // Where a name was left out: two spaces, a space before punctuation, empty quotes, a bare colon.
        expect(part).not.toMatch(/ {2}|\s[,.»]|«\s*»|:\s*$/);
      }
      const named = renderNotification(kind, params, 'https://tickets.example.gov.gr');
      // A suspension without its organisation's name is the platform's, and says so.
      const namesSomeone = [params.otherName, params.minorFirstName].some(
        (name) => name && named.text.includes(name),
      );
      if (namesSomeone) expect(message.text).toContain(UNNAMED_PERSON);
    }
  });

  it('names the match and its time in Athens, the minor by first name, and escapes the HTML', () => {
    const message = renderNotification('COMPANION_REQUESTED', params, 'https://tickets.example.gov.gr');
    expect(message.subject).toBe('Αίτημα συνοδείας ανηλίκου: ΑΝΝΑ');
    expect(message.text).toContain(
      '«Α.Ε. Ολυμπιάδα - Αστέρας <Θεσσαλίας> & Co» (05/12/2026, 19:30, Γήπεδο Ολυμπιάδας)',
    );
    expect(message.html).toContain('Αστέρας &lt;Θεσσαλίας&gt; &amp; Co');
    expect(message.html).not.toContain('<Θεσσαλίας>');
  });

  it('says until when a suspension lasts and whom to ask, as the wallet’s notice does', () => {
    const message = renderNotification('SUSPENSION_ENTERED', params, 'https://tickets.example.gov.gr');
    expect(message.text).toContain('έως και τις 31/01/2027');
    expect(message.text).toContain('«Α.Ε. Ολυμπιάδα (ποδόσφαιρο)»');
  });
});
