import { and, asc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { citizens, taxisStandInGrants } from '../../db/schema';

export async function insertGrant(db: Db, grant: typeof taxisStandInGrants.$inferInsert): Promise<void> {
  await db.insert(taxisStandInGrants).values(grant);
}

export async function findGrantByCode(db: Db, code: string) {
  const [grant] = await db.select().from(taxisStandInGrants).where(eq(taxisStandInGrants.code, code));
  return grant;
}

/** Gives the grant its token, if its code was never exchanged and was issued after `issuedSince`. */
export async function exchangeGrantOnce(db: Db, code: string, accessToken: string, issuedSince: Date) {
  return db
    .update(taxisStandInGrants)
    .set({ accessToken, exchangedAt: new Date() })
    .where(
      and(
        eq(taxisStandInGrants.code, code),
        isNull(taxisStandInGrants.exchangedAt),
        gt(taxisStandInGrants.createdAt, issuedSince),
      ),
    )
    .returning({ code: taxisStandInGrants.code });
}

/** The grant of this token, exchanged after `exchangedSince`. */
export async function findGrantByTokenSince(db: Db, accessToken: string, exchangedSince: Date) {
  const [grant] = await db
    .select()
    .from(taxisStandInGrants)
    .where(
      and(
        eq(taxisStandInGrants.accessToken, accessToken),
        gt(taxisStandInGrants.exchangedAt, exchangedSince),
      ),
    );
  return grant;
}

/** Deletes codes issued before `codesBefore` and never exchanged, and tokens exchanged before `tokensBefore`. */
export async function deleteGrantsBefore(db: Db, codesBefore: Date, tokensBefore: Date): Promise<void> {
  await db
    .delete(taxisStandInGrants)
    .where(
      or(
        and(isNull(taxisStandInGrants.exchangedAt), lte(taxisStandInGrants.createdAt, codesBefore)),
        lte(taxisStandInGrants.exchangedAt, tokensBefore),
      ),
    );
}

/** A registry person by ΑΦΜ, with the names the stand-in signs them in with. */
export async function findPersonByAfm(db: Db, afm: string) {
  const [person] = await db
    .select({ afm: citizens.afm, firstName: citizens.firstName, lastName: citizens.lastName })
    .from(citizens)
    .where(eq(citizens.afm, afm));
  return person?.afm
    ? { afm: person.afm, firstName: person.firstName, lastName: person.lastName }
    : undefined;
}

/** The first registry people with an ΑΦΜ, offered on the sign-in page. */
export async function listPeopleToOffer(db: Db, limit: number) {
  const rows = await db
    .select({ afm: citizens.afm, firstName: citizens.firstName, lastName: citizens.lastName })
    .from(citizens)
    .where(isNotNull(citizens.afm))
    .orderBy(asc(citizens.afm))
    .limit(limit);
  return rows.flatMap((row) => (row.afm ? [{ ...row, afm: row.afm }] : []));
}
