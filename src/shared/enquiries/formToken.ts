/**
 * How long a form token stays good. The server refuses older ones as stale; the form fetches a
 * fresh one well before then while the parent is at it (see useEnquiryForm).
 */
export const FORM_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
