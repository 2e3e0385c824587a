/**
 * Texts of the portal that the content module does not cover: they describe how this page
 * behaves (no real accounts, documents kept at the office) rather than facts about the school.
 */
export const portalTexts = {
  generalInformationNote:
    'This portal shows general information shared with all our families. It holds no personal details about you or your child.',
  documentAvailability: 'Available from the school office',
  documentsNote: 'Printed copies and PDFs of these documents are available from the school office on request.',
  noScriptNote: "The Parents' Corner needs JavaScript. Please switch it on, or contact the school office.",
  linksHeading: 'Helpful Links',
  phoneLabel: 'Phone',
  emailLabel: 'Email',
  officeHoursLabel: 'Office hours',
};
