import type { SchoolContact } from '#content/schoolFacts.ts';
import type { Config } from '#server/config.ts';
import { admissionMessages, contactMessages } from './enquiryMessages';
import type { ComposeEnquiryMail } from './spamRepository';

/**
 * The office notification and the parent's acknowledgement of an enquiry, composed when it is
 * stored, or for spam when the office takes it out of the Spam folder, with the school's facts
 * as published then. None while mail is off (no SMTP_URL), so switching mail on later never sends
 * old acknowledgements.
 */
/** The booking link of an admission enquiry (visits/bookingToken.ts), for its acknowledgement to offer a visit. */
export type BookingLinkOf = (enquiryId: number, issuedAt: Date) => string;

export function enquiryMail(
  config: Config,
  at: Date,
  contact: SchoolContact,
  bookingLink?: BookingLinkOf,
): ComposeEnquiryMail {
  const office = config.mail.smtpUrl ? config.mail.notifyEmail : undefined;
  return {
    contact: (enquiry) => (office ? contactMessages(enquiry, { addresses: { office }, contact, now: at }) : []),
    admission: (enquiry) =>
      office
        ? admissionMessages(enquiry, {
            addresses: { office },
            contact,
            now: at,
            ...(bookingLink ? { bookingUrl: bookingLink(enquiry.id, at) } : {}),
          })
        : [],
  };
}
