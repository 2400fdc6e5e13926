import { type AnyPgColumn, bigint, bigserial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** When a row was written, by the database's clock: the column most tables share. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When a row was last changed: the database's clock when inserted; every update sets it. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A row's id counted by the database (a bigserial, read as a JavaScript number). */
export const serialId = () => bigserial('id', { mode: 'number' }).primaryKey();

/** A row's id drawn at random by the database. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/*
 * A required reference to another table's row, by the type of that row's id: a bigserial id (a
 * ticket, an event, a citizen), a UUID (a device, an offer, an admission) or a text id (an
 * organisation). A reference that may be null is written out where it stands.
 */
export const bigintRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  bigint(name, { mode: 'number' }).notNull().references(target);

export const uuidRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target);

export const textRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  text(name).notNull().references(target);
