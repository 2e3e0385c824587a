import { isProgramName, programNames, programs, type Program } from '#content/programs.ts';
import { ageInWholeMonths, exactAgeText } from './birthDate';

/**
 * Families apply up to a year ahead, for the coming school year: a child who reaches a program's
 * age within this many months fits it.
 */
export const APPLYING_AHEAD_MONTHS = 12;

const fits = (program: Program, months: number) =>
  months + APPLYING_AHEAD_MONTHS >= program.ageBand.minMonths && months < program.ageBand.maxMonths;

/** The child's age today against the chosen program, and the program that fits, when they disagree. */
function programAgeMismatch(
  program: string,
  birthDate: string,
  now: Date,
): { ageText: string; chosen: Program; better: Program | undefined } | undefined {
  const months = ageInWholeMonths(birthDate, now);
  const ageText = exactAgeText(birthDate, now);
  if (!isProgramName(program) || months === undefined || ageText === undefined) return undefined;
  const chosen = programs[program];
  if (fits(chosen, months)) return undefined;
  const better = programNames.map((name) => programs[name]).find((candidate) => fits(candidate, months));
  return { ageText, chosen, better };
}

const betterText = (better: Program | undefined) =>
  better ? `The ${better.title} (${better.ageBand.label}) may suit better.` : undefined;

const sentences = (parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/**
 * A hint, never a refusal (the office decides), when the child's age today does not fit the
 * program chosen on the admission form, naming the program that does.
 */
export function programAgeHint(program: string, birthDate: string, now: Date = new Date()): string | undefined {
  const mismatch = programAgeMismatch(program, birthDate, now);
  if (!mismatch) return undefined;
  const { ageText, chosen, better } = mismatch;
  return sentences([
    `Your child is ${ageText} today, and the ${chosen.title} is for ages ${chosen.ageBand.label}.`,
    betterText(better),
    'You can still send the form: the office will talk it through with you.',
  ]);
}

/** The same rule as the office reads it on the opened enquiry. */
export function programAgeNote(program: string, birthDate: string, now: Date = new Date()): string | undefined {
  const mismatch = programAgeMismatch(program, birthDate, now);
  if (!mismatch) return undefined;
  const { ageText, chosen, better } = mismatch;
  return sentences([
    `The child is ${ageText} today; the ${chosen.title} is for ages ${chosen.ageBand.label}.`,
    betterText(better),
  ]);
}
