import { school } from '#content/school.ts';
import { startingSchoolFacts } from '#content/schoolFacts.ts';
import { newPasswordMessages, newPasswordSchema } from '#shared/staff/newPassword.ts';

/** zxcvbn's score (0 to 4) a chosen password must reach: 3 is "safely unguessable", about 10^8 guesses and more. */
const LEAST_SCORE = 3;

type Score = (password: string, ownWords: readonly string[]) => number;
let scorer: Promise<Score> | undefined;

/**
 * zxcvbn-ts with its list of the 49,233 most common passwords and keyboard patterns. Loaded with
 * the first check, not at start-up: building its dictionaries takes about a second of a core on
 * the test machine, and the server must answer /healthz soon after starting. A failed load is
 * tried again on the next check.
 */
function loadScorer(): Promise<Score> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, { dictionary, adjacencyGraphs }]) => {
      const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
      return (password, ownWords) => zxcvbn.check(password, [...ownWords]).score;
    },
    (error: unknown) => {
      scorer = undefined;
      throw error;
    },
  );
  return scorer;
}

/** A text as the words a person would build a password from: itself, its words, and its words run together. */
function wordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [text.toLowerCase(), words.join(''), ...words];
}

/** The school's own words, which an attacker tries first: its names, domain, area and founders. */
const schoolWords = [
  school.name,
  school.shortName,
  new URL(school.siteUrl).hostname.replace(/^www\./, ''),
  school.founder.name,
  startingSchoolFacts.address.locality,
  startingSchoolFacts.address.city,
  ...school.foundingSchools.flatMap((founding) => [founding.name, founding.place]),
].flatMap(wordsOf);

/** Whom a password is for, when known: their own name and email are as guessable as the school's. */
export type PasswordHolder = { readonly name?: string | null; readonly email?: string | null };

/** What is wrong with a password a person chose, as the first message to show them; undefined if nothing. */
export async function passwordProblem(password: string, holder: PasswordHolder = {}): Promise<string | undefined> {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? newPasswordMessages.tooShort;
  const ownWords = [...schoolWords, ...[holder.name, holder.email].flatMap((text) => (text ? wordsOf(text) : []))];
  const score = (await loadScorer())(password.normalize('NFC'), ownWords);
  return score < LEAST_SCORE ? newPasswordMessages.tooEasy : undefined;
}
