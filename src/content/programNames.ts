/**
 * The four programs' names, apart from their texts (programs.ts): the route table, which every
 * page loads, needs the names alone.
 */
export const programNames = ['toddler', 'primary', 'elementary', 'adolescent'] as const;

export type ProgramName = (typeof programNames)[number];

export function isProgramName(value: string): value is ProgramName {
  return (programNames as readonly string[]).includes(value);
}
