/**
 * One-tap links to reach someone. Numbers may be written any way ("+91 98400 12345",
 * "+919840012345"): only their digits count, with the international plus.
 */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

export function telUrl(phone: string): string {
  return `tel:+${digitsOf(phone)}`;
}

export function mailtoUrl(email: string): string {
  return `mailto:${email}`;
}

/** WhatsApp click-to-chat: wa.me takes the number as digits only, and an optional first message. */
export function whatsAppUrl(phone: string, text?: string): string {
  return `https://wa.me/${digitsOf(phone)}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
