import { schoolContact, startingFacts } from '#shared/content/schoolFacts.ts';

/** The school facts a fresh install shows (the starting content), as pages and emails state them. */
export const startingContact = schoolContact(startingFacts());

/** What the tests give a service that asks for the published facts. */
export const startingContactSource = async () => startingContact;
