import type { Phone } from '#content/schoolFacts.ts';
import { PhoneIcon } from '#client/ui/icons/index.tsx';
import { WhatsappIcon } from '#client/ui/icons/WhatsappIcon.tsx';
import { NEW_TAB_HINT } from '#client/ui/newTab.ts';
import { PhoneLink } from '#client/ui/ContactLinks.tsx';
import { whatsAppUrl } from '#shared/contactUrls.ts';

type WhatsAppCardProps = { schoolName: string; admissionsPhone: Phone };

/** Beside the form: many parents in Chennai would rather send a WhatsApp message or call. WhatsApp reaches the admissions number. */
export function WhatsAppCard({ schoolName, admissionsPhone }: WhatsAppCardProps) {
  const greeting = `Hello ${schoolName}, I would like to know more about your programs and admissions.`;
  const whatsappChatUrl = whatsAppUrl(admissionsPhone.e164, greeting);
  return (
    <aside className="card whatsapp-card" aria-labelledby="whatsapp-card-heading">
      <WhatsappIcon className="whatsapp-card__icon" size={40} />
      <h2 id="whatsapp-card-heading" className="whatsapp-card__title">
        Prefer WhatsApp?
      </h2>
      <p>Send us a message on WhatsApp and our office will reply during office hours.</p>
      <a className="button whatsapp-card__button" href={whatsappChatUrl} target="_blank" rel="noopener">
        <WhatsappIcon size={20} />
        Chat on WhatsApp
        <span className="visually-hidden">{` ${NEW_TAB_HINT}`}</span>
      </a>
      <p className="whatsapp-card__call">
        Or call us:{' '}
        <PhoneLink phone={admissionsPhone} className="whatsapp-card__phone">
          <PhoneIcon size={16} />
          {admissionsPhone.display}
        </PhoneLink>
      </p>
    </aside>
  );
}
