import { and, eq, isNull } from 'drizzle-orm';
import { canonicalIdentifier, withAmkaCheckDigit } from '@tickets/domain';
import type { Db } from '../db/client';
import { citizens, guardianships, officers, organisations } from '../db/schema';
import { addOfficer, addOrganisation } from '../admin/officers';
import { seedDemoEvents, type PlayedMatch } from './events';

/**
 * Demo data for the embedded profile (README lists the people). Idempotent: it only adds what
 * is missing, so restarts keep whatever a person did with the demo. Officers go through the
 * admin code path, as real ones do.
 */
const DEMO_ACTOR = 'demo-data';

export const DEMO_ORGANISATIONS = [
  { id: 'ae-olympiada', name: 'Α.Ε. Ολυμπιάδα (ποδόσφαιρο)' },
  { id: 'kae-akropoli', name: 'Κ.Α.Ε. Ακρόπολη (καλαθοσφαίριση)' },
] as const;

interface DemoPerson {
  afm: string | null;
  firstName: string;
  lastName: string;
  fathersName: string;
  motherName: string;
  /** Age in whole years when first seeded: minors stay minors for years. */
  age: number;
  ageDays: number;
  /** As the contact registry (ΕΜΕπ) holds them; none for the minors and for `noContacts`. */
  email?: string;
  mobile?: string;
}

/**
 * The identity cards the police registry gives for the demo adults (the minors have none), by ΑΦΜ.
 * Hyphenated, as a card may be typed: the canonical form is what bindings and suspensions meet.
 */
export const DEMO_IDENTITY_CARDS: Record<string, string> = {
  '100000003': 'ΑΗ-100003',
  '100000015': 'ΑΗ-100015',
  '100000027': 'ΑΗ-100027',
  '100000039': 'ΑΗ-100039',
  '100000040': 'ΑΗ-100040',
};
const identityCardOf = (afm: string | null) => {
  const card = afm ? DEMO_IDENTITY_CARDS[afm] : undefined;
  return card ? { identityCard: card, identityCardKey: canonicalIdentifier(card) } : {};
};

const person = (
  afm: string | null,
  firstName: string,
  lastName: string,
  fathersName: string,
  motherName: string,
  age: number,
  ageDays = 40,
): DemoPerson => ({ afm, firstName, lastName, fathersName, motherName, age, ageDays });

/**
 * An adult the contact registry holds details for: an e-mail at example.org (a domain that reaches
 * no one) and the mobile 69 followed by the last eight digits of their ΑΦΜ.
 */
const adult = (
  afm: string,
  firstName: string,
  lastName: string,
  fathersName: string,
  motherName: string,
  age: number,
  emailLocal: string,
): DemoPerson => ({
  ...person(afm, firstName, lastName, fathersName, motherName, age),
  email: `${emailLocal}@example.org`,
  mobile: `69${afm.slice(1)}`,
});

export const DEMO_PEOPLE = {
  platformOfficer: adult(
    '100000003',
    'ΜΑΡΙΑ',
    'ΠΑΠΑΔΟΠΟΥΛΟΥ',
    'ΙΩΑΝΝΗΣ',
    'ΑΙΚΑΤΕΡΙΝΗ',
    44,
    'maria.papadopoulou',
  ),
  clubOfficer: adult('100000015', 'ΓΕΩΡΓΙΟΣ', 'ΝΙΚΟΛΑΟΥ', 'ΝΙΚΟΛΑΟΣ', 'ΔΕΣΠΟΙΝΑ', 38, 'georgios.nikolaou'),
  guardian: adult('100000027', 'ΕΛΕΝΗ', 'ΓΕΩΡΓΙΟΥ', 'ΔΗΜΗΤΡΙΟΣ', 'ΣΟΦΙΑ', 42, 'eleni.georgiou'),
  companion: adult(
    '100000039',
    'ΚΩΝΣΤΑΝΤΙΝΟΣ',
    'ΔΗΜΗΤΡΙΟΥ',
    'ΑΝΔΡΕΑΣ',
    'ΜΑΡΙΑ',
    47,
    'konstantinos.dimitriou',
  ),
  citizen: adult('100000040', 'ΣΟΦΙΑ', 'ΙΩΑΝΝΙΔΟΥ', 'ΠΕΤΡΟΣ', 'ΕΛΕΝΗ', 29, 'sofia.ioannidou'),
  olderMinor: person(null, 'ΝΙΚΟΛΑΟΣ', 'ΓΕΩΡΓΙΟΥ', 'ΠΑΥΛΟΣ', 'ΕΛΕΝΗ', 15, 100),
  youngerMinor: person(null, 'ΑΝΝΑ', 'ΓΕΩΡΓΙΟΥ', 'ΠΑΥΛΟΣ', 'ΕΛΕΝΗ', 10, 200),
  /** An adult the contact registry has no e-mail or mobile for: the wallet's inbox only. */
  noContacts: person('100000052', 'ΠΑΝΑΓΙΩΤΗΣ', 'ΚΩΣΤΑΚΗΣ', 'ΓΕΩΡΓΙΟΣ', 'ΑΝΝΑ', 35),
  /** An officer of the other club (kae-akropoli): what one club sees of another's is nothing. */
  basketOfficer: adult('100000064', 'ΔΗΜΗΤΡΑ', 'ΑΛΕΞΙΟΥ', 'ΑΛΕΞΑΝΔΡΟΣ', 'ΧΡΥΣΑ', 41, 'dimitra.alexiou'),
} as const;

function birthDateOf(demo: DemoPerson, today: Date): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - demo.age, today.getUTCMonth(), today.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - demo.ageDays);
  return date.toISOString().slice(0, 10);
}

/** ΑΜΚΑ = birth date (DDMMYY) + four digits + Luhn digit; the four digits keep people apart. */
function amkaOf(birthDate: string, serial: number): string {
  const [year, month, day] = birthDate.split('-') as [string, string, string];
  return withAmkaCheckDigit(`${day}${month}${year.slice(2)}${String(serial).padStart(4, '0')}`);
}

/** The registry row of the `index`-th demo person (the index gives their ΑΜΚΑ's serial). */
function citizenRowOf(demo: DemoPerson, index: number, today: Date): typeof citizens.$inferInsert {
  const birthDate = birthDateOf(demo, today);
  return {
    afm: demo.afm,
    amka: amkaOf(birthDate, 1001 + index),
    firstName: demo.firstName,
    lastName: demo.lastName,
    fathersName: demo.fathersName,
    motherName: demo.motherName,
    birthDate,
    email: demo.email ?? null,
    mobile: demo.mobile ?? null,
    ...identityCardOf(demo.afm),
  };
}

/**
 * The demo people, officers, events and tickets (demo/index.ts's `seedDemoData` adds how the past match
 * was played). `claimCodeKey`: the server's CLAIM_CODE_KEY; the demo people add their tickets with the
 * claim codes it gives, as anyone would (README's purchase confirmations are those of the development key).
 */
export async function seedDemoDataWith(
  db: Db,
  today: Date,
  claimCodeKey: string,
  playedMatch: PlayedMatch,
): Promise<void> {
  await seedRegistry(db, today);
  const existing = await db.select({ id: organisations.id }).from(organisations);
  const knownOrganisations = new Set(existing.map((row) => row.id));
  for (const organisation of DEMO_ORGANISATIONS) {
    if (!knownOrganisations.has(organisation.id)) await addOrganisation(db, DEMO_ACTOR, organisation);
  }
  // Only the first time: if someone has since removed a demo officer, that choice stands.
  const seededOfficers = await db.select({ afm: officers.afm }).from(officers);
  const knownOfficers = new Set(seededOfficers.map((row) => row.afm));
  const officerSeats: [DemoPerson, string | null][] = [
    [DEMO_PEOPLE.platformOfficer, null],
    [DEMO_PEOPLE.clubOfficer, DEMO_ORGANISATIONS[0].id],
    [DEMO_PEOPLE.basketOfficer, DEMO_ORGANISATIONS[1].id],
  ];
  for (const [demo, organisationId] of officerSeats) {
    if (demo.afm && !knownOfficers.has(demo.afm)) await addOfficer(db, DEMO_ACTOR, demo.afm, organisationId);
  }
  await seedDemoEvents(db, today, claimCodeKey, playedMatch);
}

/** The registry stand-in's people and guardianships, all or nothing. */
async function seedRegistry(db: Db, today: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const guardianAfm = DEMO_PEOPLE.guardian.afm ?? '';
    const [seeded] = await tx.select({ id: citizens.id }).from(citizens).where(eq(citizens.afm, guardianAfm));
    if (seeded) {
      await addContactsAndLaterPeople(tx, today);
      // A registry seeded before it held identity cards gets its demo adults' cards, once.
      for (const afm of Object.keys(DEMO_IDENTITY_CARDS))
        await tx
          .update(citizens)
          .set(identityCardOf(afm))
          .where(and(eq(citizens.afm, afm), isNull(citizens.identityCard)));
      return;
    }
    const ids = new Map<DemoPerson, number>();
    for (const [index, demo] of Object.values(DEMO_PEOPLE).entries()) {
      const [row] = await tx
        .insert(citizens)
        .values(citizenRowOf(demo, index, today))
        .returning({ id: citizens.id });
      if (row) ids.set(demo, row.id);
    }
    const guardianId = ids.get(DEMO_PEOPLE.guardian);
    for (const minor of [DEMO_PEOPLE.olderMinor, DEMO_PEOPLE.youngerMinor]) {
      const minorId = ids.get(minor);
      if (guardianId && minorId) await tx.insert(guardianships).values({ guardianId, minorId });
    }
  });
}

/**
 * A registry seeded before the contact details (issue #30): each demo person gets theirs unless
 * someone set others, and the people added since are added.
 */
async function addContactsAndLaterPeople(tx: Pick<Db, 'select' | 'insert' | 'update'>, today: Date) {
  const all = Object.values(DEMO_PEOPLE);
  for (const [index, demo] of all.entries()) {
    if (!demo.afm) continue;
    const [row] = await tx.select({ id: citizens.id }).from(citizens).where(eq(citizens.afm, demo.afm));
    if (row) {
      if (demo.email) {
        await tx
          .update(citizens)
          .set({ email: demo.email, mobile: demo.mobile ?? null })
          .where(and(eq(citizens.id, row.id), isNull(citizens.email), isNull(citizens.mobile)));
      }
      continue;
    }
    await tx.insert(citizens).values(citizenRowOf(demo, index, today));
  }
}
