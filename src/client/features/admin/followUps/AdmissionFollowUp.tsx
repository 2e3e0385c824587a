import type { EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { FollowUpDate } from './FollowUpDate';
import { WhatsAppParent } from './WhatsAppParent';

/** On an opened admission enquiry: when to call the family next, and a WhatsApp message for its stage. */
export function AdmissionFollowUp({ view }: { view: EnquiryView }) {
  if (view.kind !== 'admission') return null;
  return (
    <div className="admission-follow-up">
      <FollowUpDate id={view.id} name={view.name} />
      <WhatsAppParent view={view} />
    </div>
  );
}
