/** The two states of an enquiry in the office's workflow (spec section 4). */
export const submissionStatuses = ['pending', 'responded'] as const;

export type SubmissionStatus = (typeof submissionStatuses)[number];

export const submissionStatusLabels: Record<SubmissionStatus, string> = {
  pending: 'Yet to respond',
  responded: 'Responded',
};

/** Options of the status dropdown, in the order the dashboard lists them. */
export const submissionStatusOptions = submissionStatuses.map((value) => ({ value, label: submissionStatusLabels[value] }));

/**
 * The status a row is shown with. A stored status wins; a row without one (older data,
 * imported rows) counts as responded once it has been read, otherwise as pending.
 */
export function effectiveStatus(status: SubmissionStatus | null | undefined, isRead: boolean): SubmissionStatus {
  return status ?? (isRead ? 'responded' : 'pending');
}

export function statusLabel(status: SubmissionStatus | null | undefined, isRead: boolean): string {
  return submissionStatusLabels[effectiveStatus(status, isRead)];
}
