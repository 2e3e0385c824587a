/** Texts of the Contact page (/contact). Addresses, phones and hours come from school.ts. */
import { school } from './school';

export type ContactType = 'general' | 'employment' | 'feedback';

export const contactTypes: { value: ContactType; label: string }[] = [
  { value: 'general', label: 'General Enquiry' },
  { value: 'employment', label: 'Employment' },
  { value: 'feedback', label: 'Feedback' },
];

export const defaultContactType: ContactType = 'general';

export const contactPage = {
  heading: 'Contact Us',
  tagline: 'Have questions about our programs or want to learn more? Get in touch today.',
  seoBlock: {
    title: 'Montessori School in Perungudi, OMR, Chennai',
    text: `${school.name} is just off Rajiv Gandhi Salai (OMR) in Perungudi, close to the Perungudi MRTS station and easy to reach from Thoraipakkam, Velachery, Taramani and Pallikaranai. Call, write or visit us to learn more about our programs.`,
  },
  infoCards: {
    contactTitle: 'Contact Information',
    emailLabel: 'Email',
    hoursLabel: 'Office Hours',
    connectTitle: 'Connect With Us',
    facebookLabel: 'Facebook',
    instagramLabel: 'Instagram',
  },
  form: {
    heading: 'Send Us a Message',
    submitLabel: 'Send Message',
    sendingLabel: 'Sending...',
    successTitle: 'Thank You!',
    successText: "Your message has been sent successfully. We'll get back to you soon.",
    sendAnotherLabel: 'Send Another Message',
  },
  mapHeading: 'Find Us',
  mapTitle: `Map showing the location of ${school.name} in Perungudi, Chennai`,
};
