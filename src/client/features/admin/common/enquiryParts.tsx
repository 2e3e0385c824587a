import { createContext, use, type ComponentType } from 'react';
import type { EnquiryFilters } from '#shared/dashboard/index.ts';
import type { EnquiryView } from './enquiryView';

/**
 * What other rooms lend to the enquiries room: the board by stage, an enquiry's stage control,
 * its follow-up and its family's invitation to the Parents' Corner. Rooms never import each
 * other, so the dashboard hands them over.
 */
export type EnquiryParts = {
  Board: ComponentType<{ filters: EnquiryFilters }>;
  Stage: ComponentType<{ view: EnquiryView }>;
  FollowUp: ComponentType<{ view: EnquiryView }>;
  Invitation: ComponentType<{ view: EnquiryView }>;
};

const EnquiryPartsContext = createContext<EnquiryParts | null>(null);

export const EnquiryPartsProvider = EnquiryPartsContext.Provider;

export function useEnquiryParts(): EnquiryParts {
  const parts = use(EnquiryPartsContext);
  if (!parts) throw new Error('useEnquiryParts is used outside EnquiryPartsProvider');
  return parts;
}
