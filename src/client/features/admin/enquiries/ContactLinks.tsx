import { MailIcon, PhoneIcon } from '#client/ui/icons/index.tsx';
import { WhatsappIcon } from '#client/ui/icons/WhatsappIcon.tsx';
import { contactLinks, type EnquiryView } from '#client/features/admin/common/enquiryView.ts';

/** One tap to call, write or message the family on WhatsApp. */
export function ContactLinks({ view }: { view: EnquiryView }) {
  const links = contactLinks(view);
  const person = view.parentName ?? view.name;
  return (
    <ul className="contact-links" aria-label={`Reach ${person}`}>
      <li>
        <a className="contact-links__link" href={links.call} aria-label={`Call ${person} on ${view.phone}`}>
          <PhoneIcon size={18} />
          <span>Call</span>
        </a>
      </li>
      <li>
        <a className="contact-links__link" href={links.email} aria-label={`Email ${person} at ${view.email}`}>
          <MailIcon size={18} />
          <span>Email</span>
        </a>
      </li>
      <li>
        <a
          className="contact-links__link"
          href={links.whatsApp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${person} on ${view.phone} (opens in a new tab)`}
        >
          <WhatsappIcon size={18} />
          <span>WhatsApp</span>
        </a>
      </li>
    </ul>
  );
}
