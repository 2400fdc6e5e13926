/**
 * The suspensions' forms' schemas, imported only dynamically (shared/forms/lazy-resolver.ts): zod stays
 * off the screen's first load.
 */
export { suspensionRequestSchema, suspensionSearchSchema } from '@tickets/domain';
