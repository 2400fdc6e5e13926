import { z } from 'zod';
import { ROLES } from '../constants';

/** GET /api/auth/user (docs/product-spec.md §3 "Authenticated user"). */
export const authUserSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  taxid: z.string(),
  TICKET_ROLE: z.enum(ROLES),
  logoutUrl: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
