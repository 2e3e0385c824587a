import { countryCodes } from '#content/countryCodes.ts';
import type { PersonFamily, PersonFamilyData, PersonLookup } from '#shared/dashboard/index.ts';
import { browserInPlainWords } from './browserName';
import * as repository from './repository';

type Dependencies = { storage: repository.ParentsStore };

/**
 * The guardians' phones as stored: the digits alone, without a country code. A number searched
 * with one of the forms' codes in front ("919840012345") is found by its digits after it.
 */
function storedPhones(phone: string | undefined): string[] {
  if (phone === undefined) return [];
  const withoutCode = countryCodes
    .map(({ code }) => code.replace('+', ''))
    .filter((digits) => phone.startsWith(digits) && phone.length > digits.length)
    .map((digits) => phone.slice(digits.length));
  return [phone, ...withoutCode];
}

/**
 * A person's requests about their data (issue 37), for the privacy module: the families a parent
 * of which has their email or phone, what is held of them there, and the families' erasure.
 */
export function createFamilyPersonData({ storage: { db } }: Dependencies) {
  const familiesOf = (lookup: PersonLookup) =>
    repository.familiesOfPerson(db, { email: lookup.email, phones: storedPhones(lookup.phone) });

  return {
    /** The families found for the person, oldest first, each with its parents by name. */
    async familiesOfPerson(lookup: PersonLookup): Promise<PersonFamily[]> {
      return (await familiesOf(lookup)).map(({ guardians, ...family }) => ({
        ...family,
        guardians: guardians.map(({ name, found }) => ({ name, found })),
      }));
    },

    /**
     * The person's copy of the families found (only the `chosen` ones when given; undefined if the
     * search does not find one of those): the person's own parent records whole, the others by name.
     */
    async familyDataOfPerson(
      at: Date,
      lookup: PersonLookup,
      chosen?: readonly number[],
    ): Promise<PersonFamilyData[] | undefined> {
      const found = await familiesOf(lookup);
      const families = chosen ? found.filter((family) => chosen.includes(family.id)) : found;
      if (chosen && families.length !== new Set(chosen).size) return undefined;
      const asked = at.toISOString();
      return Promise.all(
        families.map(async ({ guardians, ...family }) => ({
          ...family,
          guardians: await Promise.all(
            guardians
              .filter((guardian) => guardian.found)
              .map(async (guardian) => {
                const { sessions, ...record } = await repository.guardianRecord(db, guardian.id);
                return {
                  ...record,
                  devices: sessions.map((session) => ({
                    browser: browserInPlainWords(session.userAgent),
                    signedInAt: session.signedInAt,
                    lastUsedAt: session.lastUsedAt,
                    endedAt: session.endedAt ?? (session.expiresAt <= asked ? session.expiresAt : null),
                  })),
                };
              }),
          ),
          otherGuardians: guardians.filter((guardian) => !guardian.found).map((guardian) => guardian.name),
        })),
      );
    },

    /**
     * Erases these families at once, as the retention purge erases a removed one: their parents'
     * sessions go with them, so they are signed out on their next request. Answers how many went.
     */
    eraseFamilies: (familyIds: readonly number[]) => repository.deleteFamilies(db, familyIds),
  };
}
