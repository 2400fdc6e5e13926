/**
 * Data in bulk, straight into the tables: the registry's people, suspensions, declarations and
 * printed codes the bench's scenarios need, in numbers the API would take the whole time budget to add.
 */
import { canonicalIdentifier, IDENTITY_KEY_PREFIX } from '@tickets/domain';
import { demoData } from '../../../apps/server/src/bench-api';
import { runSql } from './database';

/** The documents of the bench's suspensions and printed tickets: this, then a number. */
const SUSPENDED_DOCUMENT = 'ΔΚ';
const PRINTED_DOCUMENT = 'ΠΕ';

/**
 * Suspension records in bulk, straight into the tables (adding them one by one through the API
 * would take the whole time budget): random valid-length identifiers, half of them lifted, with the
 * identity keys the API would resolve them to (nobody in the registry: their own three; a number is
 * its own canonical form, so a document's key is its prefix's, then its number).
 */
export const addSuspensions = (databaseUrl: string, count: number) =>
  runSql(databaseUrl, [
    [
      `insert into suspensions (afm, amka, document_id, end_date, active, created_by)
       select lpad((200000000 + n)::text, 9, '0'), lpad((10000000000 + n)::text, 11, '0'), $2::text || n,
              current_date + (n % 365), n % 2 = 0, 'bench'
       from generate_series(1, $1::int) as n`,
      [count, SUSPENDED_DOCUMENT],
    ],
    [
      `insert into suspension_keys (suspension_id, key)
       select id, unnest(array[$1::text || afm, $2::text || amka, $3::text || substr(document_id, $4::int + 1)])
       from suspensions where created_by = 'bench'`,
      [
        IDENTITY_KEY_PREFIX.afm,
        IDENTITY_KEY_PREFIX.amka,
        IDENTITY_KEY_PREFIX.document + canonicalIdentifier(SUSPENDED_DOCUMENT),
        SUSPENDED_DOCUMENT.length,
      ],
    ],
  ]);

/** The printed code of the `serial`-th printed ticket, ticket `from + serial` (as addPrintedCodes writes it). */
export const printedCode = (serial: number, from: number) => `G${String(from + serial).padStart(15, '0')}`;

/**
 * Printed tickets in bulk: verification codes as the ticket office writes them (a bound holder), on
 * the `count` tickets after ticket `from` (`npm run bench` puts them after the minors' of the
 * declarations: a minor without a companion would be refused).
 */
export const addPrintedCodes = (databaseUrl: string, count: number, from: number) =>
  runSql(databaseUrl, [
    [
      `update tickets set private_code = 'G' || lpad(n::text, 15, '0'), full_name = 'ΜΑΡΙΑ ΜΕΤΡΗΣΗ',
         document_type = 'NATIONAL_ID', document_id = $3::text || n, document_key = $4::text || n
       from generate_series($2::int + 1, $2::int + $1::int) as n
       where public_code = '49' || lpad(n::text, 10, '0')`,
      [count, from, PRINTED_DOCUMENT, canonicalIdentifier(PRINTED_DOCUMENT)],
    ],
  ]);

/**
 * Companion declarations in bulk, on tickets already imported: one guardian per two minors in the
 * registry stand-in, each minor holding one of the bench tickets, one declaration per minor in
 * every status. Straight into the tables, as the suspensions, for the same reason.
 */
export const addDeclarations = (databaseUrl: string, count: number) =>
  runSql(databaseUrl, [
    [
      `insert into citizens (afm, amka, first_name, last_name, birth_date)
       select lpad((300000000 + n)::text, 9, '0'), lpad((30000000000 + n)::text, 11, '0'),
              'ΓΟΝΕΑΣ', 'ΜΕΤΡΗΣΗΣ' || n, date '1980-01-01'
       from generate_series(1, ($1::int + 1) / 2) as n`,
      [count],
    ],
    [
      `insert into citizens (amka, first_name, last_name, birth_date)
       select lpad((40000000000 + n)::text, 11, '0'), 'ΠΑΙΔΙ', 'ΜΕΤΡΗΣΗΣ' || n, date '2014-05-05'
       from generate_series(1, $1::int) as n`,
      [count],
    ],
    [
      `insert into guardianships (guardian_id, minor_id)
       select guardian.id, minor.id from generate_series(1, $1::int) as n
       join citizens guardian on guardian.amka = lpad((30000000000 + (n + 1) / 2)::text, 11, '0')
       join citizens minor on minor.amka = lpad((40000000000 + n)::text, 11, '0')`,
      [count],
    ],
    [
      `update tickets set holder_amka = lpad((40000000000 + n)::text, 11, '0')
       from generate_series(1, $1::int) as n where public_code = '49' || lpad(n::text, 10, '0')`,
      [count],
    ],
    [
      `insert into companion_declarations (guardian_id, minor_id, ticket_id, companion_afm, companion_name, status)
       select guardian.id, minor.id, ticket.id, $2::text, $3::text,
              (array['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED'])[1 + n % 4]
       from generate_series(1, $1::int) as n
       join citizens guardian on guardian.amka = lpad((30000000000 + (n + 1) / 2)::text, 11, '0')
       join citizens minor on minor.amka = lpad((40000000000 + n)::text, 11, '0')
       join tickets ticket on ticket.public_code = '49' || lpad(n::text, 10, '0')`,
      [count, demoData.people.companion.afm, demoData.people.companion.fullName],
    ],
  ]);
