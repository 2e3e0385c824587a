import { schoolContact, startingFacts } from '../../src/shared/content/schoolFacts';

/** The school facts a fresh install shows (the starting content), as pages and emails state them. */
export const startingContact = schoolContact(startingFacts());

/** What the tests give a service that asks for the published facts. */
export const startingContactSource = async () => startingContact;
