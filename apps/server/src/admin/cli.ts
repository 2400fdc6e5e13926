import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { GATE_KEY_ID_MAX, generateGateKeyPair } from '@tickets/domain';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { addCodeRange, listCodeRanges } from './code-ranges';
import { DatabaseLostError, importFile, printReport, writeClaims } from './import-file';
import { certificateRequest } from './certificate-request';
import { progressOnStderr } from './import-progress';
import { addOfficer, addOrganisation, AdminInputError, listOfficers, removeOfficer } from './officers';
import { listFailedNotifications, retryNotification } from './notifications';
import { addProvider } from './providers';

const USAGE = `Usage: npm run admin -- <command>
  officers list
  officers add <afm> [--organisation <id>]
  officers remove <afm>
  organisations add <id> <name>
  organisations ranges                      (the ticket-code prefixes of every club)
  organisations range <id> <prefix>         (gives the club every ticket code starting with <prefix>)
  providers add <id> --organisation <id> [--name <name>]   (prints the provider's API key, once)
  import <file.json|file.csv> --organisation <id> [--claims <out.csv>]   (shows its progress on stderr; --claims writes the accepted tickets' claim codes)
  notifications failed                      (the e-mails given up after MAIL_GIVE_UP_MINUTES)
  notifications retry <id>                  (sends a failed one again, with the same Message-ID)
  gate-key [<id>]                          (a new signing key for the gate's codes, to put in GATE_SIGNING_KEYS)
  issuer-key [<kid>] [--origin <https://…>]  (a new key for the SD-JWT VC tickets, to put in CREDENTIAL_ISSUER_KEYS;
                                           with --origin, PUBLIC_URL, also a certificate request for it to send the state PKI's CA)
  verifier-key [--origin <https://…>]      (a new key for the gate's requests to EU wallets, to put in VERIFIER_ACCESS_KEY;
                                           with --origin, also the request for its access certificate)
  claim-key                                (a new key for the tickets' claim codes, to put in CLAIM_CODE_KEY)
  audit-key                                (a new key for the audit log's identifier digests, to put in AUDIT_DIGEST_KEY)
The database is the one the server uses (DATABASE_URL, else the embedded one in DATA_DIR, which
the command refuses to open while a server has it open: stop the server first).`;

const ACTOR = 'admin-cli';

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      organisation: { type: 'string' },
      name: { type: 'string' },
      claims: { type: 'string' },
      origin: { type: 'string' },
    },
  });
  const [noun, verb, ...rest] = positionals;
  if (noun === 'gate-key') {
    // No database: the key lives only in the server's environment.
    const keyId = Number(verb ?? 1);
    if (!Number.isInteger(keyId) || keyId < 0 || keyId > GATE_KEY_ID_MAX)
      throw new AdminInputError('The key id is a whole number.');
    const { secretKey, publicKey } = generateGateKeyPair();
    console.info(
      `GATE_SIGNING_KEYS=${keyId}:${secretKey}\n(public key ${publicKey}; put the new key first and keep the old ones after it until their codes are past)`,
    );
    return 0;
  }
  if (noun === 'issuer-key' || noun === 'verifier-key') {
    // No database: a P-256 key (ES256), for the SD-JWT VC tickets and their status lists, or for the
    // gate verifier's requests to EU wallets.
    const issuer = noun === 'issuer-key';
    const kid = verb ?? new Date().toISOString().slice(0, 10);
    if (issuer && !/^[A-Za-z0-9_-]{1,64}$/.test(kid))
      throw new AdminInputError('The key id is letters, digits, - or _.');
    if (values.origin !== undefined && !/^https:\/\/[^/]+$/.test(values.origin))
      throw new AdminInputError("--origin is the service's https:// origin (PUBLIC_URL), with no path.");
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');
    console.info(
      issuer
        ? `CREDENTIAL_ISSUER_KEYS=${kid}:${pkcs8}\n(put the new key first and keep the old ones after it until the credentials they signed have expired)`
        : `VERIFIER_ACCESS_KEY=${pkcs8}\n(its access certificate changes with it: the gate's client identifier is that certificate's hash)`,
    );
    if (values.origin !== undefined) {
      const setting = issuer ? 'CREDENTIAL_ISSUER_CERTIFICATES' : 'VERIFIER_ACCESS_CERTIFICATES';
      console.info(
        `\nThe certificate request for this key (send it to the state PKI's CA; its answer, the chain leaf first, goes in ${setting}):\n${await certificateRequest(privateKey, values.origin)}`,
      );
    }
    return 0;
  }
  if (noun === 'claim-key') {
    // No database either. Changing it changes every ticket's claim code: the providers must be told.
    console.info(`CLAIM_CODE_KEY=${randomBytes(32).toString('base64url')}`);
    return 0;
  }
  if (noun === 'audit-key') {
    // No database either. Changing it keys later rows apart from earlier ones: a citizen's list of
    // lookups then finds only the later (README "Settings").
    console.info(`AUDIT_DIGEST_KEY=${randomBytes(32).toString('base64url')}`);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const { db } = database;
  try {
    if (noun === 'officers' && verb === 'list') {
      console.table(await listOfficers(db));
    } else if (noun === 'officers' && verb === 'add' && rest[0]) {
      await addOfficer(db, ACTOR, rest[0], values.organisation ?? null);
      console.info('Officer added.');
    } else if (noun === 'officers' && verb === 'remove' && rest[0]) {
      const removed = await removeOfficer(db, ACTOR, rest[0]);
      console.info(removed ? 'Officer deactivated.' : 'No such officer.');
      return removed ? 0 : 1;
    } else if (noun === 'organisations' && verb === 'add' && rest[0] && rest[1]) {
      await addOrganisation(db, ACTOR, { id: rest[0], name: rest.slice(1).join(' ') });
      console.info('Organisation saved.');
    } else if (noun === 'organisations' && verb === 'ranges') {
      console.table(await listCodeRanges(db));
    } else if (noun === 'organisations' && verb === 'range' && rest[0] && rest[1]) {
      await addCodeRange(db, ACTOR, rest[0], rest[1]);
      console.info('Code range saved.');
    } else if (noun === 'providers' && verb === 'add' && rest[0] && values.organisation) {
      const key = await addProvider(db, ACTOR, {
        id: rest[0],
        organisationId: values.organisation,
        name: values.name ?? rest[0],
      });
      console.info(`Provider saved. Its API key (shown only now): ${key}`);
    } else if (noun === 'notifications' && verb === 'failed') {
      const failed = await listFailedNotifications(database);
      if (failed.length === 0) console.info('No failed notifications.');
      else console.table(failed.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })));
    } else if (noun === 'notifications' && verb === 'retry' && rest[0]) {
      await retryNotification(database, ACTOR, rest[0]);
      console.info('Notification queued again: a running server sends it.');
    } else if (noun === 'import' && verb && values.organisation) {
      console.error(`Reading ${verb} through once to check it, then importing it…`);
      const report = await importFile(db, verb, values.organisation, progressOnStderr());
      printReport('Events', report.events);
      printReport('Tickets', report.tickets);
      if (values.claims) {
        await writeClaims(values.claims, config.claimCodeKey, report.acceptedCodes);
        console.info(`Claim codes of ${report.acceptedCodes.length} tickets written to ${values.claims}.`);
      }
    } else {
      console.error(USAGE);
      return 2;
    }
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Refused before any change: nothing was done, and the operator is told why in one line. An import
    // that lost its database is told what was kept and that the same command finishes it.
    const refusal =
      error instanceof AdminInputError ||
      error instanceof DataDirInUseError ||
      error instanceof DatabaseLostError;
    console.error(refusal ? error.message : error);
    process.exit(error instanceof AdminInputError ? 2 : 1);
  },
);
