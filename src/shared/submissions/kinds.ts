/** The two kinds of enquiry the dashboard shows, one tab each. */
export const submissionKinds = ['contact', 'admission'] as const;

export type SubmissionKind = (typeof submissionKinds)[number];
