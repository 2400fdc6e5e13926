/**
 * The floor of a gate admission (POST /api/gate/admissions): the platform's own work for it, run, not
 * imitated — `measuredWork.admitAtGate`, which is the device read by its credential's hash before the
 * body (the platform's one authentication step of a device), then `decideAdmission`: the scan, the
 * entry rule, and the admission with its audit row group-committed with the concurrent ones, as the
 * platform does — on a database over the floor's own connection. So the statements, their values and
 * the answer are the platform's by construction; what the floor leaves out is the framework: the access
 * step, validation, logging, metrics and the response schema. (The platform's drizzle binds the
 * statements and maps their rows here too: bench/README.md, "The gate admission", says what that costs.)
 */
import { randomUUID } from 'node:crypto';
import { admissionSchema, type AdmissionRequest } from '@tickets/domain';
import { measuredWork } from '../../../apps/server/src/bench-api';

type Db = ReturnType<typeof measuredWork.databaseOver>;
type Answer = (status: number, body: unknown) => void;
type Refuse = (status: number, code: string) => void;

/** The answer's keys in its schema's order, as the platform's serializer writes them. */
const KEYS = Object.keys(admissionSchema.shape) as (keyof typeof admissionSchema.shape)[];

export function gateAdmission(db: Db) {
  return async (
    authorization: string | undefined,
    body: () => Promise<string>,
    answer: Answer,
    refuse: Refuse,
  ): Promise<void> => {
    // The bearer credential (RFC 6750): a malformed one is unknown to the database, as a wrong one.
    const credential = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
    try {
      const admission = await measuredWork.admitAtGate(
        db,
        credential,
        async () => JSON.parse(await body()) as AdmissionRequest,
        randomUUID(),
      );
      answer(200, Object.fromEntries(KEYS.map((key) => [key, admission[key]])));
    } catch (error) {
      // The platform's refusals by error (an unknown device, an event not of its club): its status and code.
      const { status, code } = error as { status?: unknown; code?: unknown };
      if (typeof status !== 'number' || typeof code !== 'string') throw error;
      refuse(status, code);
    }
  };
}
