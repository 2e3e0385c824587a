/** The two kinds of enquiry the dashboard shows, one tab each. */
export const enquiryKinds = ['contact', 'admission'] as const;

export type EnquiryKind = (typeof enquiryKinds)[number];
