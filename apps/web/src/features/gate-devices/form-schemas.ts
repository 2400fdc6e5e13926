/**
 * The gate devices' forms' schemas, imported only dynamically (shared/forms/lazy-resolver.ts): zod stays
 * off the screen's first load.
 */
import { admissionVoidSchema } from '@tickets/domain';

export { gateDeviceCreateSchema } from '@tickets/domain';

/** The void form's fields: the ticket and the reason, as the void route checks them. */
export const voidAdmissionSchema = admissionVoidSchema.pick({ ticketCode: true, reason: true });
