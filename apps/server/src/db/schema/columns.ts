import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was written, by the database's clock: the column most tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
