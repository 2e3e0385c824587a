import type { ReactNode } from 'react';
import type { Phone } from '#content/schoolFacts.ts';
import { mailtoUrl, telUrl } from '#shared/contactUrls.ts';

/** A phone number parents can tap to call; the link text is the number as printed. */
export function PhoneLink({ phone, className, children }: { phone: Phone; className?: string; children?: ReactNode }) {
  return (
    <a href={telUrl(phone.e164)} className={className}>
      {children ?? phone.display}
    </a>
  );
}

/** An email address that opens the visitor's mail app. */
export function EmailLink({ email, className, children }: { email: string; className?: string; children?: ReactNode }) {
  return (
    <a href={mailtoUrl(email)} className={className}>
      {children ?? email}
    </a>
  );
}
