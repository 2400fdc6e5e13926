import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMISSION_UNDO_MINUTES,
  ENTERS_ALONE_FROM_AGE,
  formatTime,
  gateMessages,
  parseGateCode,
  verifyGateCodeSignatures,
  type PlatformPublicKey,
  GATES_OPEN_MINUTES_BEFORE,
  type Admission,
  type AdmissionReason,
  type AdmissionRequest,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import {
  citizens,
  companionDeclarations,
  events,
  gateAdmissions,
  gateCodes,
  gateDevices,
  guardianships,
  tickets,
  transfers,
  walletCredentials,
} from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { AppError } from '../../shared/app-error';
import { auditedWith, audit, type AuditEntry } from '../../shared/audit';
import { admitsTo, entryGivingLoan } from '../../shared/entry';
import { isOver } from '../../shared/events';
import { ageToday, fullNameOf, registryHolderOfTicket } from '../../shared/people';
import { directKeysOf, isSuspendedWhere } from '../../shared/suspensions';
import { hashToken, type Device } from './devices';

/**
 * The entry decision (docs/design.md §8): is the code genuine and current, for this event, are the
 * gates open, is the one who enters free of any suspension, does a young minor come with an
 * accepted companion, and has the ticket not entered before. The first failing check is the
 * reason; an admission is recorded once per ticket and event, by the database.
 */

/**
 * Everything the decision needs, in one prepared statement (one round trip): the device the bearer
 * token belongs to, if it is live (read on every scan, so a revoked device is refused at once on
 * every process; here rather than in a statement of its own: one round trip less), the event, the scanned
 * code (a paper ticket's, or a wallet's: one or the other) if it is a ticket of the device's club,
 * its holder in the registry, a loan of this fixture, whether a wallet code's bearer is the young
 * holder's guardian, a minor's accepted companion, a first admission, and whether the one who enters
 * or the companion is suspended (the rule of shared/suspensions.ts, asked inside the statement).
 */
type ScanSource = 'print' | 'code' | 'credential';

const scanQuery = preparedPerDatabase((db) => {
  const code = sql`${sql.placeholder('code')}::text`;
  const eventId = sql`${sql.placeholder('eventId')}::bigint`;
  const device = alias(gateDevices, 'device');
  const organisationId = device.organisationId;
  // What the scanned code is, by where it was found: a print (the live one, or one a reprint
  // revoked), a wallet's per-fixture code, or a wallet's credential (its id read from the code). A
  // union's column is read the way its first branch's is: a bigint needs saying it is a number.
  const scanned = db
    .select({
      ticketId: tickets.id,
      source: sql<ScanSource>`'print'`.as('source'),
      walletEventId: sql`null::bigint`
        .mapWith((id: string | number | null) => (id === null ? null : Number(id)))
        .as('wallet_event_id'),
      issuedTo: sql<string | null>`null::text`.as('issued_to'),
      revoked: sql<boolean>`false`.as('revoked'),
    })
    .from(tickets)
    .where(eq(tickets.privateCode, code))
    .unionAll(
      db
        .select({
          ticketId: tickets.id,
          source: sql<ScanSource>`'print'`,
          walletEventId: sql<number | null>`null::bigint`,
          issuedTo: sql<string | null>`null::text`,
          revoked: sql<boolean>`true`,
        })
        .from(tickets)
        .where(
          and(
            eq(tickets.publicCode, sql`${sql.placeholder('printTicket')}::text`),
            sql`${tickets.codeSerial} > ${sql.placeholder('printSerial')}::int`,
          ),
        ),
    )
    .unionAll(
      db
        .select({
          ticketId: gateCodes.ticketId,
          source: sql<ScanSource>`'code'`,
          walletEventId: gateCodes.eventId,
          issuedTo: gateCodes.issuedTo,
          revoked: sql<boolean>`${gateCodes.revokedAt} is not null`,
        })
        .from(gateCodes)
        .where(eq(gateCodes.code, code)),
    )
    .unionAll(
      db
        .select({
          ticketId: walletCredentials.ticketId,
          source: sql<ScanSource>`'credential'`,
          walletEventId: walletCredentials.scopeEventId,
          issuedTo: walletCredentials.issuedTo,
          revoked: sql<boolean>`${walletCredentials.revokedAt} is not null`,
        })
        .from(walletCredentials)
        .where(eq(walletCredentials.id, sql`${sql.placeholder('credentialId')}::bigint`)),
    )
    .as('scanned');
  const clubEvent = alias(events, 'club_event');
  // Who enters (docs/design.md §8): a loan's recipient, known by ΑΦΜ; else the holder.
  const lent = sql`${transfers.toAfm} is not null`;
  const entrantAfm = sql`coalesce(${transfers.toAfm}, ${tickets.holderAfm})`;
  const entrantAmka = sql`case when ${lent} then null else ${tickets.holderAmka} end`;
  const entrantDocument = sql`case when ${lent} then null else ${tickets.documentKey} end`;
  const companionAfm = sql`${companionDeclarations.companionAfm}`;
  const guardian = alias(citizens, 'guardian');
  return db
    .select({
      device: { id: device.id, organisationId: device.organisationId, label: device.label },
      // Flat, not nested: null when the device's club has no such event.
      eventId: events.id,
      event: {
        id: events.id,
        seasonId: events.seasonId,
        over: isOver(events),
        notOpen: sql<boolean>`now() < ${events.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE})`,
      },
      ticket: {
        id: tickets.id,
        eventId: tickets.eventId,
        publicCode: tickets.publicCode,
        holderAfm: tickets.holderAfm,
        holderAmka: tickets.holderAmka,
        fullName: tickets.fullName,
        documentType: tickets.documentType,
        documentId: tickets.documentId,
        sector: tickets.sector,
        row: tickets.row,
        seat: tickets.seat,
      },
      scanned: {
        source: scanned.source,
        eventId: scanned.walletEventId,
        issuedTo: scanned.issuedTo,
        revoked: scanned.revoked,
      },
      // Flat, not nested: each is null when its left join found nothing.
      holderName: sql<string | null>`${fullNameOf(citizens)}`,
      holderAge: ageToday(citizens),
      loanAfm: transfers.toAfm,
      loanName: transfers.toName,
      bearerIsGuardian: sql<boolean>`${exists(
        db
          .select({ id: guardian.id })
          .from(guardianships)
          .innerJoin(guardian, eq(guardian.id, guardianships.guardianId))
          .where(and(eq(guardianships.minorId, citizens.id), eq(guardian.afm, scanned.issuedTo))),
      )}`,
      companionName: companionDeclarations.companionName,
      companionAfm: companionDeclarations.companionAfm,
      firstAt: gateAdmissions.admittedAt,
      firstDevice: gateDevices.label,
      entrantSuspended: isSuspendedWhere(
        db,
        directKeysOf(entrantAfm, entrantAmka, entrantDocument),
        entrantAfm,
        entrantAmka,
      ),
      companionSuspended: isSuspendedWhere(
        db,
        directKeysOf(companionAfm, sql`null`, sql`null`),
        companionAfm,
        sql`null`,
      ),
    })
    .from(device)
    .leftJoin(events, and(eq(events.id, eventId), eq(events.organisationId, organisationId)))
    .leftJoin(scanned, sql`true`)
    .leftJoin(
      tickets,
      and(
        eq(tickets.id, scanned.ticketId),
        exists(
          db
            .select({ id: clubEvent.id })
            .from(clubEvent)
            .where(and(eq(clubEvent.id, tickets.eventId), eq(clubEvent.organisationId, organisationId))),
        ),
      ),
    )
    .leftJoin(citizens, registryHolderOfTicket)
    .leftJoin(transfers, entryGivingLoan(tickets.id, events.id))
    .leftJoin(
      companionDeclarations,
      and(eq(companionDeclarations.ticketId, tickets.id), eq(companionDeclarations.status, 'ACCEPTED')),
    )
    .leftJoin(
      gateAdmissions,
      and(
        eq(gateAdmissions.ticketId, tickets.id),
        eq(gateAdmissions.eventId, events.id),
        isNull(gateAdmissions.undoneAt),
      ),
    )
    .leftJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
    .where(and(eq(device.tokenHash, sql`${sql.placeholder('tokenHash')}::text`), isNull(device.revokedAt)))
    .limit(1)
    .prepare('gate_scan');
});

/** Records the admission and its audit row in one statement; none when the ticket entered meanwhile. */
const admitQuery = preparedPerDatabase((db) => {
  const admitted = db.$with('admitted').as(
    db
      .insert(gateAdmissions)
      .values({
        ticketId: sql`${sql.placeholder('ticketId')}::bigint`,
        eventId: sql`${sql.placeholder('eventId')}::bigint`,
        deviceId: sql`${sql.placeholder('deviceId')}::uuid`,
      })
      .onConflictDoNothing()
      .returning({ id: gateAdmissions.id, admittedAt: gateAdmissions.admittedAt }),
  );
  const audited = auditedWith(
    db,
    admitted,
    sql`jsonb_build_object('eventId', ${sql.placeholder('eventId')}::bigint, 'admissionId', ${admitted.id})`,
  );
  return db.with(admitted, audited).select().from(admitted).prepare('gate_admit');
});

/** The first admission of a ticket to an event, when another device's came between scan and record. */
async function firstAdmission(db: Db, ticketId: number, eventId: number) {
  const [first] = await db
    .select({ at: gateAdmissions.admittedAt, device: gateDevices.label })
    .from(gateAdmissions)
    .innerJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
    .where(
      and(
        eq(gateAdmissions.ticketId, ticketId),
        eq(gateAdmissions.eventId, eventId),
        isNull(gateAdmissions.undoneAt),
      ),
    );
  return first;
}

/** Decides for the device whose bearer `token` it is: unknown or revoked, GATE_DEVICE_UNAUTHENTICATED. */
export async function decideAdmission(
  db: Db,
  token: string,
  request: AdmissionRequest,
  context: {
    audit: (entry: AuditEntry) => Promise<void>;
    requestId: string;
    trustedKeys: readonly PlatformPublicKey[];
  },
): Promise<Admission> {
  const code = request.code.trim().toUpperCase();
  // A signed code says which ticket and print, or which wallet credential, it claims to be.
  const parsed = parseGateCode(code);
  const [scan] = await scanQuery(db).execute({
    code,
    eventId: request.eventId,
    tokenHash: hashToken(token),
    printTicket: parsed?.kind === 'paper' ? parsed.ticketCode : null,
    printSerial: parsed?.kind === 'paper' ? parsed.serial : null,
    credentialId: parsed?.kind === 'wallet' ? parsed.credentialId : null,
  });
  if (!scan) throw new AppError('GATE_DEVICE_UNAUTHENTICATED');
  if (scan.eventId === null) throw new AppError('EVENT_NOT_FOUND');
  const { device, ticket } = scan;
  const event = scan.event as NonNullable<typeof scan.event>;
  const holder = scan.holderAge === null ? null : { name: scan.holderName, age: scan.holderAge };
  const loan = scan.loanAfm === null ? null : { afm: scan.loanAfm, name: scan.loanName };
  const declared =
    scan.companionAfm === null ? null : { name: scan.companionName as string, afm: scan.companionAfm };
  const first = scan.firstAt === null ? null : { at: scan.firstAt, device: scan.firstDevice as string };
  const refuse = async (reason: AdmissionReason, shown: Partial<Admission> = {}): Promise<Admission> => {
    await context.audit({
      actor: `device:${device.id}`,
      action: 'GATE_REFUSE',
      subject: ticket?.publicCode ?? null,
      requestId: context.requestId,
      details: { eventId: event.id, reason },
    });
    return {
      ...emptyAdmission,
      decision: 'REFUSE',
      reason,
      message: gateMessages.decisions[reason],
      ...shown,
    };
  };
  if (!ticket || !parsed) return refuse('UNKNOWN_CODE');
  const { source, revoked } = scan.scanned;
  // Genuine: a print or a per-fixture code found as it was stored is; a revoked print and a
  // credential are known by what they claim, so their signatures must hold (and a wallet code's time).
  const signatures =
    parsed.kind === 'random' || (source === 'print' && !revoked)
      ? { ok: true as const }
      : verifyGateCodeSignatures(parsed, context.trustedKeys, { now: new Date() });
  if (!signatures.ok && signatures.reason === 'UNKNOWN_CODE') return refuse('UNKNOWN_CODE');
  if (parsed.kind !== 'random' && parsed.ticketCode !== ticket.publicCode) return refuse('UNKNOWN_CODE');
  // A wallet's per-fixture code revoked by a loan says so below (NOT_FOR_THIS_EVENT), as it is.
  if (revoked && source !== 'code') return refuse('REVOKED');
  if (!signatures.ok) return refuse(signatures.reason);
  const walletCode =
    scan.scanned.issuedTo === null ? undefined : { ...scan.scanned, issuedTo: scan.scanned.issuedTo };
  const forThisEvent =
    source === 'print'
      ? admitsTo(ticket, event)
      : source === 'code'
        ? walletCode?.eventId === event.id
        : walletCode?.eventId === event.id || walletCode?.eventId === event.seasonId;
  if (!forThisEvent) return refuse('WRONG_EVENT');

  // The recipient of a loan of this fixture enters it, not the holder (docs/design.md §8).
  const entrant = loan
    ? { afm: loan.afm, name: loan.name, lent: true }
    : { afm: ticket.holderAfm, name: ticket.fullName ?? holder?.name ?? null, lent: false };
  // The holder's code (paper, or a wallet's revoked when lending) for a fixture the holder lent:
  // only the recipient's code admits to it.
  const holdersCode = !walletCode || walletCode.issuedTo === ticket.holderAfm;
  if (entrant.lent && holdersCode) return refuse('NOT_FOR_THIS_EVENT');
  // A wallet code admits only the one it was given to: the entrant, or a young entrant's guardian.
  const bearerEnters = (issuedTo: string) => (entrant.afm ? entrant.afm === issuedTo : scan.bearerIsGuardian);
  if (walletCode && (revoked || !bearerEnters(walletCode.issuedTo))) return refuse('REVOKED');

  const minor = !entrant.lent && holder !== null && holder.age < 18;
  const companion =
    minor && declared && !scan.companionSuspended
      ? { name: declared.name, afmHint: declared.afm.slice(-3) }
      : null;
  const shown: Partial<Admission> = {
    holderName: entrant.name,
    documentType: entrant.lent ? null : ticket.documentType,
    documentHint: !entrant.lent && ticket.documentId ? ticket.documentId.slice(-3) : null,
    seat: gateMessages.seat(ticket),
    companion,
  };
  if (event.over) return refuse('EVENT_OVER', shown);
  if (event.notOpen) return refuse('NOT_OPEN_YET', shown);
  if (scan.entrantSuspended) return refuse('SUSPENDED', shown);
  if (minor && holder.age < ENTERS_ALONE_FROM_AGE && !companion) return refuse('COMPANION_REQUIRED', shown);

  const [admitted] = first
    ? []
    : await admitQuery(db).execute({
        ticketId: ticket.id,
        eventId: event.id,
        deviceId: device.id,
        actor: `device:${device.id}`,
        action: 'GATE_ADMIT',
        subject: ticket.publicCode,
        requestId: context.requestId,
      });
  if (admitted) {
    return {
      ...emptyAdmission,
      ...shown,
      decision: 'ADMIT',
      reason: 'ADMITTED',
      message: gateMessages.decisions.ADMITTED,
      admissionId: admitted.id,
      admittedAt: admitted.admittedAt.toISOString(),
      admittedBy: device.label,
    };
  }
  const earlier = first ?? (await firstAdmission(db, ticket.id, event.id));
  return refuse('ALREADY_ADMITTED', {
    ...shown,
    message: earlier
      ? gateMessages.alreadyAdmittedAt(formatTime(earlier.at), earlier.device)
      : gateMessages.decisions.ALREADY_ADMITTED,
    admittedAt: earlier?.at.toISOString() ?? null,
    admittedBy: earlier?.device ?? null,
  });
}

const emptyAdmission: Omit<Admission, 'decision' | 'reason' | 'message'> = {
  admissionId: null,
  holderName: null,
  documentType: null,
  documentHint: null,
  seat: null,
  companion: null,
  admittedAt: null,
  admittedBy: null,
};

/** A steward undoes an admission made in error, within minutes, on a device of the same club. */
export async function undoAdmission(db: Db, device: Device, admissionId: string, requestId: string) {
  await db.transaction(async (tx) => {
    const [admission] = await tx
      .select({
        id: gateAdmissions.id,
        recent: sql<boolean>`${gateAdmissions.admittedAt} > now() - make_interval(mins => ${ADMISSION_UNDO_MINUTES})`,
      })
      .from(gateAdmissions)
      .innerJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
      .where(
        and(
          eq(gateAdmissions.id, admissionId),
          isNull(gateAdmissions.undoneAt),
          eq(gateDevices.organisationId, device.organisationId),
        ),
      )
      .for('update', { of: gateAdmissions });
    if (!admission) throw new AppError('ADMISSION_NOT_FOUND');
    if (!admission.recent) throw new AppError('ADMISSION_UNDO_EXPIRED');
    await tx.update(gateAdmissions).set({ undoneAt: new Date() }).where(eq(gateAdmissions.id, admissionId));
    await audit(tx, {
      actor: `device:${device.id}`,
      action: 'GATE_ADMIT_UNDO',
      subject: admissionId,
      requestId,
    });
  });
}
