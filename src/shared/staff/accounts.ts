import { z } from '#shared/zod.ts';
import { newPasswordSchema } from './newPassword';
import { staffRoles } from './roles';

/** A new staff account, as the Owner gives it on the staff page or `npm run staff:add` on the server. */
export const newStaffAccountSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  name: z
    .string()
    .trim()
    .min(2, 'Please enter a name of at least 2 characters')
    .max(100, 'Please keep the name under 100 characters'),
  role: z.enum(staffRoles, `Please choose a role: ${staffRoles.join(', ')}`),
});

export type NewStaffAccountInput = z.input<typeof newStaffAccountSchema>;

export const staffAccountMessages = {
  emailTaken: 'Another account already has this email address.',
  linkInvalid: 'This link has expired or has already been used. Please ask the school’s Owner for a new one.',
  notYourself: 'You cannot change your own account here; another Owner can.',
  firstOwner: 'The first Owner’s account is set on the server (ADMIN_PASSWORD) and cannot be changed here.',
  accountMissing: 'This account no longer exists.',
} as const;

/** How long a link to choose a password works, once. */
export const STAFF_LINK_HOURS = 72;

/**
 * The email with an account's latest link (decision 0027): waiting to be sent (after a failed
 * attempt, `error` says why), sent, or refused for good by the mail server.
 */
export type StaffLinkMailState = {
  state: 'waiting' | 'sent' | 'failed';
  to: string;
  at: string;
  attempts: number;
  error: string | null;
};

/** A change the Owner makes to an account: a new role, or disabled / enabled again. */
export const staffAccountChangeSchema = z.object({
  accountId: z.number().int().positive(),
  role: z.enum(staffRoles).optional(),
  disabled: z.boolean().optional(),
});

export const staffLinkTokenSchema = z.object({ token: z.string().min(20).max(200) });

/** The password a person chooses on the link's page. */
export const setPasswordSchema = staffLinkTokenSchema.extend({ password: newPasswordSchema });

export const changePasswordMessages = {
  currentMissing: 'Please enter your current password.',
  currentWrong: 'That is not your current password.',
  setOnServer:
    'Your password is set on the server (ADMIN_PASSWORD or ADMIN_PASSWORD_HASH), which would put it back at the next restart. Please change it there.',
  changed: 'Your password is changed. You are still signed in here; your other sessions have ended.',
} as const;

/** A signed-in person changing their own password: the current one, then the new one (held to the same rule as a link's). */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string(changePasswordMessages.currentMissing)
    .min(1, changePasswordMessages.currentMissing)
    .max(1024, changePasswordMessages.currentWrong),
  newPassword: newPasswordSchema,
});
