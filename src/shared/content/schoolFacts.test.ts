import { describe, expect, it } from 'vitest';
import { startingSchoolFacts } from '#content/schoolFacts.ts';
import {
  indianPhoneE164,
  labelledHours,
  schoolContact,
  schoolFactsMessages,
  schoolFactsSchema,
  startingFacts,
  type SchoolFactsInput,
} from './schoolFacts';
import { siteContentSchema, startingSiteContent } from './siteContent';

/** The schema's messages by path, as the dashboard places them beside fields. */
function messagesFor(input: SchoolFactsInput): Record<string, string> {
  const parsed = schoolFactsSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const starting = (): SchoolFactsInput => structuredClone(startingFacts());

describe('reading an Indian phone number', () => {
  it.each([
    ['+91 98400 12345', '+919840012345'],
    ['+91-98400-12345', '+919840012345'],
    ['098400 12345', '+919840012345'],
    ['9840012345', '+919840012345'],
    ['91 98400 12345', '+919840012345'],
    ['0091 98400 12345', '+919840012345'],
    ['+91 44 4862 3150', '+914448623150'],
    ['044 4862 3150', '+914448623150'],
    ['(044) 4862-3150', '+914448623150'],
    ['011 2345 6789', '+911123456789'],
  ])('reads %s as %s', (written, e164) => {
    expect(indianPhoneE164(written)).toBe(e164);
  });

  it.each([
    ['too short', '4862 3150'],
    ['too long', '+91 98400 123456'],
    ['another country', '+1 415 555 0100'],
    ['a national number starting with 0', '+91 0448 623 150'],
    ['letters', '+91 98400 CALL'],
    ['a link', 'tel:+919840012345'],
    ['empty', ''],
  ])('cannot read %s', (_case, written) => {
    expect(indianPhoneE164(written)).toBeUndefined();
  });

  it('refuses a number it cannot read with a plain message beside that number, and keeps the number as written when it can', () => {
    const facts = starting();
    facts.phones[1].display = '4862 3150';
    expect(messagesFor(facts)).toEqual({ 'phones.1.display': schoolFactsMessages.phoneUnreadable });
    facts.phones[1].display = '  044 4862 3150 ';
    const contact = schoolContact(schoolFactsSchema.parse(facts));
    expect(contact.phones[1]).toEqual({ label: 'School office', display: '044 4862 3150', e164: '+914448623150' });
  });
});

describe('office hours', () => {
  it('writes both labels from the days and times: the ones the site has always shown', () => {
    const contact = schoolContact(startingFacts());
    expect(contact.officeHours.map(({ label, longLabel }) => [label, longLabel])).toEqual([
      ['Mon–Fri 8:30 AM - 4:30 PM', 'Monday–Friday 8:30 AM – 4:30 PM'],
      ['Sat 9:00 AM - 12:00 PM', 'Saturday 9:00 AM – 12:00 PM'],
    ]);
    expect(contact.officeHoursText).toBe('Mon–Fri 8:30 AM - 4:30 PM, Sat 9:00 AM - 12:00 PM');
    expect(contact.officeHoursLongText).toBe('Monday–Friday 8:30 AM – 4:30 PM and Saturday 9:00 AM – 12:00 PM');
  });

  it.each([
    [
      ['Monday', 'Tuesday', 'Wednesday', 'Friday'],
      '00:00',
      '23:59',
      'Mon–Wed, Fri 12:00 AM - 11:59 PM',
      'Monday–Wednesday and Friday 12:00 AM – 11:59 PM',
    ],
    [['Saturday', 'Sunday'], '10:00', '13:15', 'Sat, Sun 10:00 AM - 1:15 PM', 'Saturday and Sunday 10:00 AM – 1:15 PM'],
    [
      ['Tuesday', 'Thursday', 'Saturday'],
      '12:30',
      '17:00',
      'Tue, Thu, Sat 12:30 PM - 5:00 PM',
      'Tuesday, Thursday and Saturday 12:30 PM – 5:00 PM',
    ],
  ] as const)('labels %j %s-%s as "%s"', (days, opens, closes, label, longLabel) => {
    expect(labelledHours({ days: [...days], opens, closes })).toMatchObject({ label, longLabel });
  });

  it('puts the ticked days in week order whatever order they came in', () => {
    const facts = starting();
    facts.officeHours = [
      { days: ['Friday', 'Monday', 'Wednesday', 'Tuesday', 'Thursday'], opens: '09:00', closes: '17:00' },
    ];
    expect(schoolContact(schoolFactsSchema.parse(facts)).officeHoursText).toBe('Mon–Fri 9:00 AM - 5:00 PM');
  });

  it('says what is wrong beside the row: no day, a day in two rows, a time not read, closing before opening', () => {
    const facts = starting();
    facts.officeHours = [
      { days: [], opens: '09:00', closes: '17:00' },
      { days: ['Monday', 'Saturday'], opens: '9 am', closes: '17:00' },
      { days: ['Sunday'], opens: '12:00', closes: '09:00' },
    ];
    expect(messagesFor(facts)).toEqual({
      'officeHours.0.days': schoolFactsMessages.daysMissing,
      'officeHours.1.opens': schoolFactsMessages.timeInvalid,
      'officeHours.2.closes': schoolFactsMessages.closesBeforeOpens,
    });
    facts.officeHours = [
      { days: ['Monday', 'Saturday'], opens: '09:00', closes: '17:00' },
      { days: ['Saturday'], opens: '09:00', closes: '12:00' },
    ];
    expect(messagesFor(facts)).toEqual({ 'officeHours.1.days': schoolFactsMessages.dayTwice });
    facts.officeHours = [];
    expect(messagesFor(facts)).toEqual({ officeHours: schoolFactsMessages.hoursMissing });
  });
});

describe('the address and the email', () => {
  it('keeps the printed lines without blank ones, and asks that they show the PIN code of the parts', () => {
    const facts = starting();
    facts.address.lines = [
      'No. 24, Lakshmi Nagar 2nd Street',
      '',
      '  Off OMR, Perungudi ',
      'Chennai, Tamil Nadu 600096',
    ];
    expect(schoolFactsSchema.parse(facts).address.lines).toEqual([
      'No. 24, Lakshmi Nagar 2nd Street',
      'Off OMR, Perungudi',
      'Chennai, Tamil Nadu 600096',
    ]);
    facts.address.postalCode = '600097';
    expect(messagesFor(facts)).toEqual({ 'address.lines': schoolFactsMessages.addressPinNotPrinted });
    facts.address = { ...facts.address, lines: ['a', 'b', 'c', 'd', 'e 600097'], postalCode: '6000', city: ' ' };
    expect(messagesFor(facts)).toEqual({
      'address.lines': schoolFactsMessages.addressTooManyLines,
      'address.city': schoolFactsMessages.partMissing,
      'address.postalCode': schoolFactsMessages.postalCodeInvalid,
    });
  });

  it('refuses an email address it cannot send to', () => {
    expect(messagesFor({ ...starting(), email: 'office at aranya' })).toEqual({
      email: schoolFactsMessages.emailInvalid,
    });
  });

  it('derives the map links from the parts, as the site always had them', () => {
    const { mapsUrl, mapsEmbedUrl } = schoolContact(startingFacts());
    const query =
      'No.%2024%2C%20Lakshmi%20Nagar%202nd%20Street%2C%20Off%20OMR%2C%20Perungudi%2C%20Chennai%2C%20Tamil%20Nadu%20600096';
    expect(mapsUrl).toBe(`https://www.google.com/maps/search/?api=1&query=${query}`);
    expect(mapsEmbedUrl).toBe(`https://www.google.com/maps?q=${query}&output=embed`);
  });
});

describe('the school facts in the site content', () => {
  it('start as src/content has them', () => {
    expect(startingSiteContent().schoolFacts).toEqual(schoolFactsSchema.parse(startingSchoolFacts));
  });

  it('are the starting ones in content stored before they could be edited', () => {
    const { schoolFacts: _none, ...stored } = startingSiteContent();
    expect(siteContentSchema.parse(JSON.parse(JSON.stringify(stored))).schoolFacts).toEqual(startingFacts());
  });
});
