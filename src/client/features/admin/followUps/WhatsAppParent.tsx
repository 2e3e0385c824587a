import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { whatsAppMessages } from '#shared/admissions/whatsAppMessages.ts';
import { whatsAppUrl } from '#shared/contactUrls.ts';
import { useTRPC } from '#client/trpc.tsx';
import { WhatsappIcon } from '#client/ui/icons/WhatsappIcon.tsx';
import type { EnquiryView } from '#client/features/admin/common/enquiryView.ts';

/**
 * "WhatsApp the parent": the message for the enquiry's stage, shown and editable first, then
 * opened in WhatsApp as a wa.me click-to-chat link (no WhatsApp account or API on our side).
 */
export function WhatsAppParent({ view }: { view: EnquiryView }) {
  const trpc = useTRPC();
  const card = useQuery(trpc.followUps.card.queryOptions({ id: view.id }));
  const [message, setMessage] = useState<string | undefined>();
  const textId = useId();
  const parentName = view.parentName ?? view.name;
  if (!card.data) return null;
  const text =
    message ??
    whatsAppMessages[card.data.stage]({
      parentName,
      childName: view.name,
      schoolName: card.data.schoolName,
      visitAt: card.data.visitAt,
    });
  return (
    <details className="whatsapp-parent">
      <summary className="whatsapp-parent__summary">
        <WhatsappIcon size={18} />
        WhatsApp the parent
      </summary>
      <label className="field__label" htmlFor={textId}>
        Message to {parentName}
      </label>
      <textarea
        id={textId}
        className="field__input whatsapp-parent__text"
        rows={4}
        value={text}
        onChange={(event) => setMessage(event.target.value)}
      />
      <a
        className="button button--primary admin-small-button"
        href={whatsAppUrl(view.phone, text)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Open in WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </details>
  );
}
