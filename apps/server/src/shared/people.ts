import { sql, type SQLWrapper } from 'drizzle-orm';

/** A registry person's name as shown: first name, then last name (of `citizens` or an alias of it). */
export const fullNameOf = (person: { firstName: SQLWrapper; lastName: SQLWrapper }) =>
  sql<string>`${person.firstName} || ' ' || ${person.lastName}`;
