import { isProgramName, programNames, programs, type Program } from '../../content/programs';
import { ageInWholeMonths, exactAgeText } from './birthDate';

/**
 * Families apply up to a year ahead, for the coming school year: a child who reaches a program's
 * age within this many months fits it.
 */
export const APPLYING_AHEAD_MONTHS = 12;

const fits = (program: Program, months: number) =>
  months + APPLYING_AHEAD_MONTHS >= program.ageBand.minMonths && months < program.ageBand.maxMonths;

/**
 * A hint, never a refusal (the office decides), when the child's age today does not fit the
 * program chosen on the admission form, naming the program that does.
 */
export function programAgeHint(program: string, birthDate: string, now: Date = new Date()): string | undefined {
  const months = ageInWholeMonths(birthDate, now);
  if (!isProgramName(program) || months === undefined) return undefined;
  const chosen = programs[program];
  if (fits(chosen, months)) return undefined;
  const better = programNames.map((name) => programs[name]).find((candidate) => fits(candidate, months));
  return [
    `Your child is ${exactAgeText(birthDate, now)} today, and the ${chosen.title} is for ages ${chosen.ageBand.label}.`,
    better ? `The ${better.title} (${better.ageBand.label}) may suit better.` : undefined,
    'You can still send the form: the office will talk it through with you.',
  ]
    .filter(Boolean)
    .join(' ');
}
