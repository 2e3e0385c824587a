import { z } from '#shared/zod.ts';
import { schoolToday } from '#shared/time.ts';
import type { NoticeMailChoice } from '#shared/parents/parentMessages.ts';
import type { AdmissionEnquiry, ContactEnquiry } from '#shared/enquiries/enquiry.ts';
import { emailAddress } from '#shared/enquiries/fields.ts';
import { erasureReasons } from './erasure';
import { ADMIN_API_BASE } from './exportUrl';
import { enquiryRefSchema, type EnquiryRef } from './query';
import type { EnquiryHistoryField } from './rows';

/**
 * A parent's request about their data (issue 10, section 3): staff find every enquiry of one
 * email address or phone number, see them together, and give the person a copy or erase them.
 */

export const personLookupMessages = {
  neither: 'Enter an email address or a phone number',
  email: 'Please enter a valid email address',
  phone: 'A phone number has 4 to 15 digits (spaces, dashes and a leading + are fine)',
  notFound:
    'Choose only enquiries found for this email address or phone number. Search again and choose from those found.',
  enquiry: 'An enquiry is named by its kind and number, such as contact-12 or admission-3',
  family: 'A Parents’ Corner family is named by its number, such as 7',
  noneChosen: 'Tick at least one enquiry or Parents’ Corner family',
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

const eitherGiven = (lookup: { email?: string; phone?: string }) =>
  lookup.email !== undefined || lookup.phone !== undefined;

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

/** Some of the enquiries a search found: those the office ticked as the person's. */
const chosenEnquiries = z.array(enquiryRefSchema).min(1).max(MAX_ERASED_AT_ONCE);

/** A Parents' Corner family, by its number. */
const familyId = z
  .number(personLookupMessages.family)
  .int(personLookupMessages.family)
  .positive(personLookupMessages.family);
/** Some of the Parents' Corner families a search found, by number. */
const chosenFamilies = z.array(familyId).min(1).max(MAX_ERASED_AT_ONCE);

/**
 * A request to see one's data: the search, and the enquiries and Parents' Corner families the
 * office ticked (all the search finds when none of either are named). The server refuses a named
 * one the search does not find.
 */
export const personExportSchema = z
  .object({ ...lookupFields, enquiries: chosenEnquiries.optional(), families: chosenFamilies.optional() })
  .refine(eitherGiven, { message: personLookupMessages.neither });

export type PersonExportRequest = z.output<typeof personExportSchema>;
export type PersonExportInput = z.input<typeof personExportSchema>;

const refText = (ref: EnquiryRef) => `${ref.kind}-${ref.id}`;

/** "contact-12": an enquiry as a download's address names it. */
const enquiryRefText = z
  .string()
  .regex(/^(contact|admission)-[1-9]\d{0,14}$/, personLookupMessages.enquiry)
  .transform((text) => {
    const [kind, id] = text.split('-');
    return enquiryRefSchema.parse({ kind, id: Number(id) });
  });

/** "7": a family as a download's address names it. */
const familyText = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, personLookupMessages.family)
  .transform((text) => Number(text));

/** The download's query: email, phone, `enquiry` once per ticked enquiry and `family` once per ticked family. */
export const personExportQuerySchema = z
  .object({
    ...lookupFields,
    enquiry: z.union([enquiryRefText.transform((ref) => [ref]), z.array(enquiryRefText)]).optional(),
    family: z.union([familyText.transform((id) => [id]), z.array(familyText)]).optional(),
  })
  .transform(({ enquiry, family, ...lookup }) => ({
    ...lookup,
    ...(enquiry ? { enquiries: enquiry } : {}),
    ...(family ? { families: family } : {}),
  }))
  .pipe(personExportSchema);

/**
 * Erase on request: the search again, every enquiry and Parents' Corner family it showed (nothing
 * is erased if it now finds others, or not all of them), those of them the office ticked as the
 * person's (only these are erased), and why.
 */
export const erasureRequestSchema = z
  .object({
    ...lookupFields,
    shown: z.array(enquiryRefSchema).max(MAX_ERASED_AT_ONCE).default([]),
    enquiries: z.array(enquiryRefSchema).max(MAX_ERASED_AT_ONCE).default([]),
    familiesShown: z.array(familyId).max(MAX_ERASED_AT_ONCE).default([]),
    families: z.array(familyId).max(MAX_ERASED_AT_ONCE).default([]),
    reason: z.enum(erasureReasons, 'Choose why the enquiries are being erased'),
  })
  .refine(eitherGiven, { message: personLookupMessages.neither })
  .refine(({ enquiries, families }) => enquiries.length + families.length > 0, {
    message: personLookupMessages.noneChosen,
    path: ['enquiries'],
  })
  .refine(({ shown, enquiries }) => enquiries.every((ref) => shown.some((seen) => refText(seen) === refText(ref))), {
    message: personLookupMessages.notFound,
    path: ['enquiries'],
  })
  .refine(({ familiesShown, families }) => families.every((id) => familiesShown.includes(id)), {
    message: personLookupMessages.notFound,
    path: ['families'],
  });

export type ErasureRequest = z.output<typeof erasureRequestSchema>;

/** One enquiry of the person, as its tab shows it, and whether it sits in the Spam folder. */
export type PersonEnquiry =
  | { kind: 'contact'; row: ContactEnquiry; inSpamFolder: boolean }
  | { kind: 'admission'; row: AdmissionEnquiry; inSpamFolder: boolean };

/**
 * A Parents' Corner family a parent of which the search found (a removed one too, until it is
 * erased): what the office needs to tell it is the person's.
 */
export type PersonFamily = {
  id: number;
  childName: string;
  className: string;
  program: string;
  addedAt: string;
  /** When the office removed it from the Parents' Corner; null while it is there. */
  removedAt: string | null;
  /** Its parents by name, and whether the search found each. */
  guardians: { name: string; found: boolean }[];
};

/** What a search finds of one person: their enquiries, and the Parents' Corner families they are a parent of. */
export type PersonFound = { enquiries: PersonEnquiry[]; families: PersonFamily[] };

/**
 * A Parents' Corner family in the person's copy: the child's details, the person's own record as a
 * parent whole (never a password, session, link, code or calendar address, which are keys, not
 * facts about them), and the family's other parents by name alone, as their data is theirs.
 */
export type PersonFamilyData = Omit<PersonFamily, 'guardians'> & {
  guardians: {
    name: string;
    email: string;
    phone: string;
    invitedAt: string;
    /** When they chose their password; null while the invitation is not accepted. */
    acceptedAt: string | null;
    /** How they chose to have notice emails. */
    noticeMail: NoticeMailChoice;
    /** The browsers they signed in on, newest first: which browser, and when. */
    devices: { browser: string; signedInAt: string; lastUsedAt: string | null; endedAt: string | null }[];
    /** The notices they opened, with when. */
    noticesRead: { title: string; readAt: string }[];
    /** The emails the website sent them (invitations, codes, notices), by subject: their text carried the sign-in links and codes. */
    emails: { to: string; subject: string; queuedAt: string; sentAt: string | null }[];
  }[];
  otherGuardians: string[];
};

/** What erasing took away, and what still holds copies until it is replaced. */
export type ErasureResult = {
  enquiries: number;
  emails: number;
  historyEntries: number;
  /** Parents' Corner families, with everything of theirs: their parents are signed out at once. */
  families: number;
  /** Backups taken before now, which hold the data until newer ones replace them. */
  backups: {
    count: number;
    /** When the last of them is gone, with the server taking backups itself; null otherwise (after BACKUP_KEEP more backups). */
    goneBy: string | null;
    keep: number;
  };
};

/** What became of a visit the family booked: as booked, moved to another time, or cancelled. */
export type VisitBookingState = 'booked' | 'moved' | 'cancelled';

/** One visit booking of an admission enquiry, as its family made and changed it with the booking link. */
export type PersonVisitBooking = {
  /** When the visit is (or was), on the school's clocks with their offset: "2026-12-05T10:00+05:30". */
  startsAt: string;
  minutes: number;
  state: VisitBookingState;
  bookedAt: string;
  /** When it was last moved or cancelled; null when neither. */
  changedAt: string | null;
};

/**
 * The calendar invitation a visit email carried: the iCalendar text as attached, and what it
 * says, read back from it. `request` adds (or moves) the visit in the parent's calendar, `cancel`
 * withdraws it. Times on the school's clocks with their offset, as a booking's.
 */
export type EmailedInvitation = {
  calendar: string;
  method: 'request' | 'cancel';
  summary: string;
  startsAt: string;
  endsAt: string;
  location: string;
  attendee: { name: string; email: string };
};

/** The JSON file a person gets on request: everything the school holds about them in its enquiries and the Parents' Corner. */
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
      /** Oldest first; a move to a closing stage carries its reason. */
      history: { field: EnquiryHistoryField; oldValue: string; newValue: string; changedAt: string; reason?: string }[];
      /** Each with the calendar invitation it carried (a visit's confirmation or cancellation), null for the others. */
      emails: {
        recipient: 'office' | 'parent';
        to: string;
        subject: string;
        text: string;
        queuedAt: string;
        sentAt: string | null;
        invitation: EmailedInvitation | null;
      }[];
      /** An admission enquiry's visit bookings, oldest first; none for a contact message. */
      visits: PersonVisitBooking[];
    }
  >;
  families: PersonFamilyData[];
};

/** The two forms of a person's data: the JSON file, and the readable page to print or save as PDF for them. */
export type PersonDataFormat = 'json' | 'html';

/** The export's file name, dated at the school: nothing of the person in it. */
export function personDataFileName(now: Date = new Date(), format: PersonDataFormat = 'json'): string {
  return `personal-data-${schoolToday(now)}.${format}`;
}

/** Where the dashboard gets a person's data, for the enquiries and families ticked (REST, like the CSV export). */
export function personDataPath(
  lookup: PersonLookupInput,
  { enquiries, families }: { enquiries: readonly EnquiryRef[]; families: readonly number[] },
  format: PersonDataFormat,
): string {
  const params = new URLSearchParams();
  if (lookup.email) params.set('email', lookup.email);
  if (lookup.phone) params.set('phone', lookup.phone);
  for (const ref of enquiries) params.append('enquiry', refText(ref));
  for (const id of families) params.append('family', String(id));
  return `${ADMIN_API_BASE}/export/person.${format}?${params.toString()}`;
}
