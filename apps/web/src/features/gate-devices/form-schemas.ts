/**
 * The gate devices' form schema, imported only dynamically (shared/forms/lazy-resolver.ts): zod stays
 * off the screen's first load.
 */
export { gateDeviceCreateSchema } from '@tickets/domain';
