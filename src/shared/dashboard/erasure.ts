/** Why staff erase a person's enquiries on request; the tombstone in the history keeps the reason. */
export const erasureReasons = ['request', 'consent-withdrawn', 'purpose-served'] as const;

export type ErasureReason = (typeof erasureReasons)[number];

/** The reasons as staff choose them in the dashboard. */
export const erasureReasonLabels: Record<ErasureReason, string> = {
  request: 'The person asked us to erase their data',
  'consent-withdrawn': 'The person withdrew their consent',
  'purpose-served': 'We no longer need it for the enquiry',
};
