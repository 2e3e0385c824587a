/** Country calling codes offered in the phone fields of the forms. */

export const countryCodes = [
  { code: '+91', label: 'India' },
  { code: '+1', label: 'USA' },
  { code: '+44', label: 'Europe/UK' },
  { code: '+61', label: 'Australia' },
  { code: '+64', label: 'New Zealand' },
  { code: '+971', label: 'UAE' },
  { code: '+65', label: 'Singapore' },
  { code: '+81', label: 'Japan' },
  { code: '+82', label: 'South Korea' },
  { code: '+60', label: 'Malaysia' },
] as const satisfies readonly { code: `+${number}`; label: string }[];

export type CountryCode = (typeof countryCodes)[number]['code'];

export type CountryCodeOption = (typeof countryCodes)[number];

export const defaultCountryCode: CountryCode = '+91';
