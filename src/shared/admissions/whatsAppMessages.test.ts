import { describe, expect, it } from 'vitest';
import { school } from '#content/school.ts';
import { whatsAppUrl } from '#shared/contactUrls.ts';
import { admissionStages } from './stages';
import { whatsAppMessages } from './whatsAppMessages';

const names = { parentName: 'Revathi Subramanian', childName: 'Nila', schoolName: school.name };

describe('"WhatsApp the parent"', () => {
  it('links to wa.me with the number in international form and the message encoded', () => {
    const url = new URL(whatsAppUrl('+971 501234567', whatsAppMessages.offered(names)));
    expect(url.origin + url.pathname).toBe('https://wa.me/971501234567');
    expect(url.searchParams.get('text')).toBe(
      `Hello Revathi Subramanian, we are happy to confirm a place for Nila at ${school.name}. A reminder: please send us the admission documents so that we can complete the admission.`,
    );
    expect(whatsAppUrl('+91 9840012345', 'Visit on Sat 5 Dec, 10:00 AM & bring the form?')).toBe(
      'https://wa.me/919840012345?text=Visit%20on%20Sat%205%20Dec%2C%2010%3A00%20AM%20%26%20bring%20the%20form%3F',
    );
  });

  it('has a message for every stage that names the parent and the school', () => {
    for (const stage of admissionStages) {
      const text = whatsAppMessages[stage](names);
      expect(text, stage).toContain('Revathi Subramanian');
      expect(text, stage).toContain(school.name);
    }
    expect(whatsAppMessages.enquiry(names)).toContain('visit');
    expect(whatsAppMessages['visit-booked'](names)).toContain('confirm your visit');
  });

  it("names the booked visit's day and time at the school in the visit confirmation", () => {
    expect(whatsAppMessages['visit-booked']({ ...names, visitAt: '2026-12-05T04:30:00.000Z' })).toBe(
      `Hello Revathi Subramanian, this is to confirm your visit to ${school.name} with Nila on Sat 5 Dec, 10:00 AM. If the time no longer suits you, just reply here. We look forward to meeting you.`,
    );
  });
});
