import { describe, expect, it } from 'vitest';
import { school } from '#content/school.ts';
import { whatsAppMessages } from '#shared/admissions/whatsAppMessages.ts';
import { suspiciousName } from './suspiciousName';

describe('a suspicious parent name (issue 34 §8)', () => {
  it('gives the reason for a web address, an @ or a run of digits', () => {
    expect(suspiciousName('Visit https://cheap-loans.example now')).toBe('contains a web address');
    expect(suspiciousName('www.win-prize.in')).toBe('contains a web address');
    expect(suspiciousName('Claim at bonus.xyz')).toBe('contains a web address');
    expect(suspiciousName('Ravi @ offers')).toBe('contains an @');
    expect(suspiciousName('Call 9840012345')).toBe('contains a run of digits');
  });

  it('passes names as Chennai families write them, initials and Tamil included', () => {
    for (const name of [
      'Revathi Subramanian',
      'S. Karthik',
      'R.Kumar',
      'K.Inbarasi',
      'Anand Kumar 2',
      'ரேவதி சுப்ரமணியன்',
      "D'Souza-Pereira",
    ]) {
      expect(suspiciousName(name), name).toBeUndefined();
    }
  });

  it('leaves a suspicious name out of the prefilled WhatsApp message', () => {
    const names = { parentName: 'Win at www.prize.in', childName: 'Nila', schoolName: school.name };
    const text = whatsAppMessages.enquiry(names);
    expect(text).toBe(
      `Hello, thank you for your enquiry about Nila at ${school.name}. We would love to show you the school: which day would suit you for a visit?`,
    );
    expect(whatsAppMessages['not-proceeding'](names)).toBe(
      `Hello, thank you for your interest in ${school.name}. Please write to us here whenever we can help.`,
    );
    expect(whatsAppMessages.enquiry({ ...names, parentName: 'Revathi' })).toMatch(/^Hello Revathi, thank you/);
  });
});
