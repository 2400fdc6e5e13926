import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ADMISSION_UNDO_MINUTES,
  ENTERS_ALONE_FROM_AGE,
  formatTime,
  gateMessages,
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
} from '../../db/schema';
import { AppError } from '../../shared/app-error';
import { athensToday } from '../../shared/athens-time';
import { writeAudit, type AuditEntry } from '../../shared/audit';
import { admitsTo, entrantOf, type Entrant } from '../../shared/entry';
import { isOver } from '../../shared/events';
import { fullNameOf } from '../../shared/people';
import { isSuspended } from '../../shared/suspensions';
import type { Device } from './devices';

/**
 * The entry decision (docs/design.md §8): is the code genuine and current, for this event, are the
 * gates open, is the one who enters free of any suspension, does a young minor come with an
 * accepted companion, and has the ticket not entered before. The first failing check is the
 * reason; an admission is recorded once per ticket and event, by the database.
 */
type Ticket = typeof tickets.$inferSelect;

interface Scanned {
  ticket: Ticket;
  /** A wallet's code: for which event, to whom, and whether it was revoked. */
  walletCode?: { eventId: number; issuedTo: string; revoked: boolean };
}

/** A paper ticket's verification code, or a wallet's gate code, of the device's own club. */
async function findScanned(db: Db, code: string, organisationId: string): Promise<Scanned | undefined> {
  // The code is one or the other: both asked at once.
  const [[paper], [wallet]] = await Promise.all([
    db
      .select({ ticket: tickets })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(and(eq(tickets.privateCode, code), eq(events.organisationId, organisationId)))
      .limit(1),
    db
      .select({ ticket: tickets, code: gateCodes })
      .from(gateCodes)
      .innerJoin(tickets, eq(tickets.id, gateCodes.ticketId))
      .innerJoin(events, eq(events.id, tickets.eventId))
      .where(and(eq(gateCodes.code, code), eq(events.organisationId, organisationId)))
      .limit(1),
  ]);
  if (paper) return paper;
  return wallet
    ? {
        ticket: wallet.ticket,
        walletCode: {
          eventId: wallet.code.eventId,
          issuedTo: wallet.code.issuedTo,
          revoked: wallet.code.revokedAt !== null,
        },
      }
    : undefined;
}

/** The registry's record of the holder when the holder is a person there (a wallet holder, a minor). */
async function holderOf(db: Db, ticket: Ticket) {
  if (!ticket.holderAfm && !ticket.holderAmka) return undefined;
  const [holder] = await db
    .select({
      id: citizens.id,
      name: fullNameOf(citizens),
      age: sql<number>`date_part('year', age(${athensToday}, ${citizens.birthDate}))::int`,
    })
    .from(citizens)
    .where(
      ticket.holderAfm ? eq(citizens.afm, ticket.holderAfm) : eq(citizens.amka, ticket.holderAmka as string),
    );
  return holder;
}

/** A wallet code admits only the one it was given to: the entrant, or a young entrant's guardian. */
async function carriesTheRight(db: Db, issuedTo: string, entrant: Entrant, holderId: number | undefined) {
  if (entrant.afm) return entrant.afm === issuedTo;
  if (holderId === undefined) return false;
  const [guardian] = await db
    .select({ id: citizens.id })
    .from(guardianships)
    .innerJoin(citizens, eq(citizens.id, guardianships.guardianId))
    .where(and(eq(guardianships.minorId, holderId), eq(citizens.afm, issuedTo)));
  return guardian !== undefined;
}

/** The accepted companion of a minor's ticket, unless that companion is suspended. */
async function acceptedCompanion(db: Db, ticketId: number) {
  const [declaration] = await db
    .select({ name: companionDeclarations.companionName, afm: companionDeclarations.companionAfm })
    .from(companionDeclarations)
    .where(and(eq(companionDeclarations.ticketId, ticketId), eq(companionDeclarations.status, 'ACCEPTED')))
    .limit(1);
  if (!declaration || (await isSuspended(db, { afm: declaration.afm }))) return undefined;
  return { name: declaration.name, afmHint: declaration.afm.slice(-3) };
}

export async function decideAdmission(
  db: Db,
  device: Device,
  request: AdmissionRequest,
  audit: (entry: AuditEntry) => Promise<void>,
  requestId: string,
): Promise<Admission> {
  const [event] = await db
    .select({
      id: events.id,
      seasonId: events.seasonId,
      over: isOver(events),
      notOpen: sql<boolean>`now() < ${events.startsAt} - make_interval(mins => ${GATES_OPEN_MINUTES_BEFORE})`,
    })
    .from(events)
    .where(and(eq(events.id, request.eventId), eq(events.organisationId, device.organisationId)));
  if (!event) throw new AppError('EVENT_NOT_FOUND');

  const scanned = await findScanned(db, request.code.trim().toUpperCase(), device.organisationId);
  const ticket = scanned?.ticket;
  const record = (reason: AdmissionReason) =>
    audit({
      actor: `device:${device.id}`,
      action: 'GATE_REFUSE',
      subject: ticket?.publicCode ?? null,
      requestId,
      details: { eventId: event.id, reason },
    });
  const refuse = async (reason: AdmissionReason, shown: Partial<Admission> = {}): Promise<Admission> => {
    await record(reason);
    return {
      ...emptyAdmission,
      decision: 'REFUSE',
      reason,
      message: gateMessages.decisions[reason],
      ...shown,
    };
  };
  if (!scanned || !ticket) return refuse('UNKNOWN_CODE');
  const { walletCode } = scanned;
  if (walletCode ? walletCode.eventId !== event.id : !admitsTo(ticket, event)) return refuse('WRONG_EVENT');

  const holder = await holderOf(db, ticket);
  const entrant = await entrantOf(db, ticket, ticket.fullName ?? holder?.name ?? null, event.id);
  // The holder's code (paper, or a wallet's revoked when lending) for a fixture the holder lent:
  // only the recipient's code admits to it.
  const holdersCode = !walletCode || walletCode.issuedTo === ticket.holderAfm;
  if (entrant.lent && holdersCode) return refuse('NOT_FOR_THIS_EVENT');
  if (
    walletCode &&
    (walletCode.revoked || !(await carriesTheRight(db, walletCode.issuedTo, entrant, holder?.id)))
  ) {
    return refuse('REVOKED');
  }

  const minor = !entrant.lent && holder !== undefined && holder.age < 18;
  const companion = minor ? await acceptedCompanion(db, ticket.id) : undefined;
  const shown: Partial<Admission> = {
    holderName: entrant.name,
    documentType: entrant.lent ? null : ticket.documentType,
    documentHint: !entrant.lent && ticket.documentId ? ticket.documentId.slice(-3) : null,
    seat: gateMessages.seat(ticket),
    companion: companion ?? null,
  };
  if (event.over) return refuse('EVENT_OVER', shown);
  if (event.notOpen) return refuse('NOT_OPEN_YET', shown);
  if (await isSuspended(db, entrant)) return refuse('SUSPENDED', shown);
  if (minor && holder.age < ENTERS_ALONE_FROM_AGE && !companion) return refuse('COMPANION_REQUIRED', shown);

  const admitted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gateAdmissions)
      .values({ ticketId: ticket.id, eventId: event.id, deviceId: device.id })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await writeAudit(tx, {
        actor: `device:${device.id}`,
        action: 'GATE_ADMIT',
        subject: ticket.publicCode,
        requestId,
        details: { eventId: event.id, admissionId: row.id },
      });
    }
    return row;
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
  const [first] = await db
    .select({ at: gateAdmissions.admittedAt, device: gateDevices.label })
    .from(gateAdmissions)
    .innerJoin(gateDevices, eq(gateDevices.id, gateAdmissions.deviceId))
    .where(
      and(
        eq(gateAdmissions.ticketId, ticket.id),
        eq(gateAdmissions.eventId, event.id),
        isNull(gateAdmissions.undoneAt),
      ),
    );
  return refuse('ALREADY_ADMITTED', {
    ...shown,
    message: first
      ? gateMessages.alreadyAdmittedAt(formatTime(first.at), first.device)
      : gateMessages.decisions.ALREADY_ADMITTED,
    admittedAt: first?.at.toISOString() ?? null,
    admittedBy: first?.device ?? null,
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
    await writeAudit(tx, {
      actor: `device:${device.id}`,
      action: 'GATE_ADMIT_UNDO',
      subject: admissionId,
      requestId,
    });
  });
}
