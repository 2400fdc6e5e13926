import type { Db } from '../../src/db/client';
import { citizens } from '../../src/db/schema';
import { DEMO_PEOPLE } from '../../src/demo/seed';

/**
 * What no log line may hold in clear (docs/design.md §4): the demo people's ΑΦΜ, every ΑΜΚΑ in the
 * registry (generated at seed time, so read from the database), and the document numbers the
 * server tests type, listed here once, stored form (no spaces or hyphens), in both alphabets
 * where the tests use both.
 */
const TEST_DOCUMENT_NUMBERS = [
  ...['AB123456', 'ΑΒ123456', 'AB777777', 'ΑΒ777777', 'ΑΒ999999', 'ΑΚ123456', 'ΑΚ975318'],
  ...['ΑΑ000001', 'ΑΑ000002', 'ΑΑ000003', 'ΑΑ000004', 'ΖΖ100001', 'ΖΖ100002', 'ΖΖ100003'],
  ...['ΧΧ666666', 'X1234567', 'X97531864'],
];

const DEMO_AFMS = Object.values(DEMO_PEOPLE).flatMap((person) => (person.afm ? [person.afm] : []));

/** Bounded by non-digits, and no decimal point before: a timestamp may hold the same digits. */
const digits = (value: string) => new RegExp(`(?<![\\d.])${value}(?!\\d)`);
/** As typed or as stored: any case, a space or hyphen between any two characters. */
const document = (value: string) =>
  new RegExp(`(?<![\\p{L}\\d])${[...value].join('[ -]?')}(?![\\p{L}\\d])`, 'iu');

/** Each log line that holds personal data, with what it holds; none is the only good answer. */
export async function personalDataInLogs(logs: string[], db: Db): Promise<string[]> {
  const amkas = await db.select({ amka: citizens.amka }).from(citizens);
  const patterns = [
    ...DEMO_AFMS.map((afm) => ({ what: `the ΑΦΜ ${afm}`, pattern: digits(afm) })),
    ...amkas.map(({ amka }) => ({ what: `the ΑΜΚΑ ${amka}`, pattern: digits(amka) })),
    ...TEST_DOCUMENT_NUMBERS.map((number) => ({ what: `the document ${number}`, pattern: document(number) })),
  ];
  return logs.flatMap((line, index) =>
    patterns.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `log line ${index + 1}: ${what}`),
  );
}
