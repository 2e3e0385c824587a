import { programNames, type ProgramName } from '#content/programNames.ts';
import type { programsPage } from '#content/programDetails.ts';
import { normalisePath, programFromParam, PROGRAMS_PATH } from '#shared/routeTable.ts';

/** The tab shown when the address names no valid program. */
export const defaultProgram: ProgramName = programNames[0];

/** The spec's rule: the route parameter picks the tab only when it is one of the four programs. */
export function selectedProgram(param: string | undefined): ProgramName {
  return programFromParam(param) ?? defaultProgram;
}

/** 'Our Programs' at /programs exactly; 'Curriculum' at /curriculum and at /programs/{anything}. */
export function programsHeading(
  path: string,
  headings: Pick<typeof programsPage, 'heading' | 'alternateHeading'>,
): string {
  return normalisePath(path) === PROGRAMS_PATH ? headings.heading : headings.alternateHeading;
}

/** The local SEO box belongs to the /programs section (/programs and its tabs), not to /curriculum. */
export function showsLocalSeo(path: string): boolean {
  const normalised = normalisePath(path);
  return normalised === PROGRAMS_PATH || normalised.startsWith(`${PROGRAMS_PATH}/`);
}
