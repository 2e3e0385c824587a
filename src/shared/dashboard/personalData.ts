import { z } from '../zod';
import { schoolToday } from '../time';
import type { AdmissionEnquiry, ContactEnquiry } from '../enquiries/enquiry';
import { emailAddress } from '../enquiries/fields';
import { erasureReasons } from './erasure';
import { ADMIN_API_BASE } from './exportUrl';
import { enquiryRefSchema } from './query';

/**
 * A parent's request about their data (issue 10, section 3): staff find every enquiry of one
 * email address or phone number, see them together, and give the person a copy or erase them.
 */

export const personLookupMessages = {
  neither: 'Enter an email address or a phone number',
  email: 'Please enter a valid email address',
  phone: 'A phone number has 4 to 15 digits (spaces, dashes and a leading + are fine)',
} as const;

/** The most digits a phone number has with its country code (ITU E.164). */
const MAX_PHONE_DIGITS = 15;
/** What a phone number may have besides its digits; the lookup leaves it out. */
const phoneSeparators = String.raw`\s\-()+.`;

const lookupFields = {
  email: emailAddress(personLookupMessages.email).optional(),
  /** The digits, with or without the country code: "+91 98400 11223", "9840011223". */
  phone: z
    .string()
    // The rule below as JSON Schema states it (a transform says nothing to it): 4 to 15 digits among the separators.
    .meta({ pattern: `^[${phoneSeparators}]*(?:\\d[${phoneSeparators}]*){4,${MAX_PHONE_DIGITS}}$` })
    .transform((value) => value.replace(new RegExp(`[${phoneSeparators}]`, 'g'), ''))
    .pipe(z.string().regex(new RegExp(`^\\d{4,${MAX_PHONE_DIGITS}}$`), personLookupMessages.phone))
    .optional(),
};

const eitherGiven = (lookup: { email?: string; phone?: string }) => lookup.email !== undefined || lookup.phone !== undefined;

/** Whom to look for: an email address, a phone number, or both (enquiries matching either). */
export const personLookupSchema = z.object(lookupFields).refine(eitherGiven, { message: personLookupMessages.neither });

export type PersonLookup = z.output<typeof personLookupSchema>;
export type PersonLookupInput = z.input<typeof personLookupSchema>;

/** The dashboard's one search box: an address when it holds an @, else a phone number. */
export function personLookupFromText(text: string): PersonLookupInput {
  const typed = text.trim();
  return typed.includes('@') ? { email: typed } : { phone: typed };
}

/** The most enquiries erased at once: more from one person means the search matched more than one person. */
export const MAX_ERASED_AT_ONCE = 200;

/**
 * Erase on request: the search again, the enquiries the staff member saw (nothing else is erased,
 * and nothing is if the search now finds others) and why.
 */
export const erasureRequestSchema = z
  .object({
    ...lookupFields,
    enquiries: z.array(enquiryRefSchema).min(1).max(MAX_ERASED_AT_ONCE),
    reason: z.enum(erasureReasons, 'Choose why the enquiries are being erased'),
  })
  .refine(eitherGiven, { message: personLookupMessages.neither });

export type ErasureRequest = z.output<typeof erasureRequestSchema>;

/** One enquiry of the person, as its tab shows it, and whether it sits in the Spam folder. */
export type PersonEnquiry =
  | { kind: 'contact'; row: ContactEnquiry; inSpamFolder: boolean }
  | { kind: 'admission'; row: AdmissionEnquiry; inSpamFolder: boolean };

/** What erasing took away, and what still holds copies until it is replaced. */
export type ErasureResult = {
  enquiries: number;
  emails: number;
  historyEntries: number;
  /** Backups taken before now, which hold the data until newer ones replace them. */
  backups: {
    count: number;
    /** When the last of them is gone, with the server taking backups itself; null otherwise (after BACKUP_KEEP more backups). */
    goneBy: string | null;
    keep: number;
  };
};

/** The JSON file a person gets on request: everything the school holds about them in its enquiries. */
export type PersonDataExport = {
  school: string;
  exportedAt: string;
  searchedFor: PersonLookup;
  enquiries: Array<
    PersonEnquiry & {
      /** The office's last change, if any. */
      lastChangedAt: string | null;
      spamReasons: string[];
      /** What the server noted on arrival: the address and the browser it came from. */
      receipt: { ipAddress: string | null; browser: string | null };
      history: { field: string; oldValue: string; newValue: string; changedAt: string }[];
      emails: { recipient: 'office' | 'parent'; to: string; subject: string; text: string; queuedAt: string; sentAt: string | null }[];
    }
  >;
};

/** The export's file name, dated at the school: nothing of the person in it. */
export function personDataFileName(now: Date = new Date()): string {
  return `personal-data-${schoolToday(now)}.json`;
}

/** Where the dashboard downloads a person's data (REST, like the CSV export). */
export function personDataPath(lookup: PersonLookupInput): string {
  const params = new URLSearchParams();
  if (lookup.email) params.set('email', lookup.email);
  if (lookup.phone) params.set('phone', lookup.phone);
  return `${ADMIN_API_BASE}/export/person.json?${params.toString()}`;
}
