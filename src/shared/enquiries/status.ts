/** The two states of an enquiry in the office's workflow (docs/spec.md §4). */
export const enquiryStatuses = ['pending', 'responded'] as const;

export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const enquiryStatusLabels: Record<EnquiryStatus, string> = {
  pending: 'Yet to respond',
  responded: 'Responded',
};

/** Options of the status dropdown, in the order the dashboard lists them. */
export const enquiryStatusOptions = enquiryStatuses.map((value) => ({ value, label: enquiryStatusLabels[value] }));

/**
 * The status a row is shown with. A stored status wins; a row without one (older data,
 * imported rows) counts as responded once it has been read, otherwise as pending.
 */
export function effectiveStatus(status: EnquiryStatus | null | undefined, isRead: boolean): EnquiryStatus {
  return status ?? (isRead ? 'responded' : 'pending');
}

export function statusLabel(status: EnquiryStatus | null | undefined, isRead: boolean): string {
  return enquiryStatusLabels[effectiveStatus(status, isRead)];
}
