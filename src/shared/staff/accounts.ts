import { z } from '../zod';
import { staffRoles } from './roles';

/** A new staff account, as the Owner gives it on the staff page or `npm run staff:add` on the server. */
export const newStaffAccountSchema = z.object({
  email: z.string().trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  name: z.string().trim().min(2, 'Please enter a name of at least 2 characters').max(100, 'Please keep the name under 100 characters'),
  role: z.enum(staffRoles, `Please choose a role: ${staffRoles.join(', ')}`),
});

export type NewStaffAccountInput = z.input<typeof newStaffAccountSchema>;

export const staffAccountMessages = {
  emailTaken: 'Another account already has this email address.',
} as const;
