import { z } from '#shared/zod.ts';
import { phoneDigits } from '#shared/enquiries/fields.ts';
import { programNames } from '#content/programNames.ts';
import { newStaffAccountSchema } from '#shared/staff/accounts.ts';
import { MAX_STAFF_PASSWORD_LENGTH, newPasswordSchema } from '#shared/staff/newPassword.ts';
import { noticeMailChoices, type NoticeMailChoice } from './parentMessages';

// Without zod, for the public page: the schemas here are the server's.
export {
  PARENT_CODE_MINUTES,
  PARENT_LINK_FRAGMENT,
  noticeMailChoices,
  parentMessages,
  type NoticeMailChoice,
} from './parentMessages';

/** How long an invitation or a reset link works, once. */
export const PARENT_LINK_DAYS = 7;
/** "Remember me": how long the parent stays signed in on that device. */
export const PARENT_REMEMBER_DAYS = 30;

export const parentSignInSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(MAX_STAFF_PASSWORD_LENGTH),
  rememberMe: z.boolean().default(false),
  /** The emailed one-time code, asked for while the account is being guessed at (spaces allowed). */
  code: z.string().trim().max(20).optional(),
});

/** A guardian's own choice of notice emails. */
export const noticeMailSchema = z.object({
  noticeMail: z.enum(noticeMailChoices, 'Please choose how notice emails come: at once, or weekly.'),
});

export const parentForgotSchema = z.object({ email: z.string().trim().min(1).max(254) });

export const parentLinkSchema = z.object({ token: z.string().min(20).max(200) });

export const parentChoosePasswordSchema = parentLinkSchema.extend({ password: newPasswordSchema });

/** A family the office adds by hand: one guardian, one child. */
export const newFamilySchema = z.object({
  parentName: newStaffAccountSchema.shape.name,
  email: newStaffAccountSchema.shape.email,
  phone: phoneDigits,
  childName: newStaffAccountSchema.shape.name,
  className: z.string().trim().min(1, 'Please enter the class').max(60, 'Please keep the class under 60 characters'),
  program: z.enum(programNames, `Please choose a program: ${programNames.join(', ')}`),
});

export type NewFamilyInput = z.input<typeof newFamilySchema>;

/** Another guardian of a family, with their own sign-in and invitation. */
export const newGuardianSchema = newFamilySchema
  .pick({ parentName: true, email: true, phone: true })
  .extend({ familyId: z.number().int().positive() });

export const classChangeSchema = newFamilySchema
  .pick({ className: true })
  .extend({ familyId: z.number().int().positive() });

/** An admission enquiry at Enrolled, invited with the class the office types. */
export const enquiryInvitationSchema = newFamilySchema
  .pick({ className: true })
  .extend({ enquiryId: z.number().int().positive() });

/** The office's refusals, one sentence each. */
export const officeMessages = {
  notEnrolled: 'Only a family whose enquiry is at Enrolled can be invited to the Parents’ Corner.',
  alreadyInvited: 'This family is already invited to the Parents’ Corner.',
  noEnquiry: 'This enquiry is no longer there.',
  publishAtPast: 'Please choose a time still to come, or publish now.',
  noFamily: 'This family is no longer in the Parents’ Corner.',
  noGuardian: 'This parent is no longer in the Parents’ Corner.',
  noNotice: 'This notice is no longer there.',
} as const;

export const noticeAudiences = ['all', 'class', 'program'] as const;
export type NoticeAudience = (typeof noticeAudiences)[number];

const noticeFields = z.object({
  title: z
    .string()
    .trim()
    .min(2, 'Please give the notice a title')
    .max(120, 'Please keep the title under 120 characters'),
  body: z
    .string()
    .trim()
    .min(2, 'Please write the notice')
    .max(10_000, 'Please keep the notice under 10,000 characters'),
  audience: z.enum(noticeAudiences),
  /** The class or the program; none for every family. */
  audienceValue: z.string().trim().max(60).optional(),
  /** When parents see it and are emailed (ISO 8601); none: now. A time past is refused by the server. */
  publishAt: z.iso.datetime({ offset: true, message: 'Please give a date and time' }).optional(),
});

const audienceNamed = <T extends { audience: NoticeAudience; audienceValue?: string | undefined }>(notice: T) =>
  notice.audience === 'all' || (notice.audienceValue ?? '') !== '';
const audienceMissing = { message: 'Please say which class or program the notice is for', path: ['audienceValue'] };

export const newNoticeSchema = noticeFields.refine(audienceNamed, audienceMissing);

/** A notice's text to preview as parents will see it (rendered by the server: the Markdown renderer never reaches the browser). */
export const noticePreviewSchema = noticeFields.pick({ body: true });

/** A notice changed by the office: the same fields, and which notice. */
export const noticeChangeSchema = noticeFields
  .extend({ noticeId: z.number().int().positive() })
  .refine(audienceNamed, audienceMissing);

export type NewNoticeInput = z.input<typeof newNoticeSchema>;

/** A browser where a parent is signed in. */
export type ParentDevice = {
  /** This browser. */
  current: boolean;
  signedInAt: string;
  lastUsedAt: string;
  /** Such as "Chrome on Android". */
  browser: string;
};

export type ParentNotice = { id: number; title: string; html: string; publishAt: string; unread: boolean };

/** An event of the school; past ones are not sent. */
export type ParentEvent = {
  id: number;
  title: string;
  /** 'YYYY-MM-DD', Asia/Kolkata. */
  date: string;
  /** 'HH:mm' (Asia/Kolkata), or null for an event of the whole day. */
  time: string | null;
  place: string;
  text: string;
};

/** A document the office uploaded; `href` opens the PDF for a signed-in parent only. */
export type ParentDocumentLink = { id: number; title: string; description: string; href: string };

/** Everything the signed-in view shows, in one answer. */
export type ParentView = {
  guardianName: string;
  childName: string;
  className: string;
  notices: ParentNotice[];
  events: ParentEvent[];
  documents: ParentDocumentLink[];
  /** The guardian's private calendar feed (.ics), an absolute address; null until one is made. */
  calendarFeedUrl: string | null;
  /** How this guardian has notice emails. */
  noticeMail: NoticeMailChoice;
};
