import { school } from '#content/school.ts';

/** The spec's title rule: the school name is appended unless the title already contains it. */
export function pageTitle(title: string, schoolName: string = school.name): string {
  return title.toLowerCase().includes(schoolName.toLowerCase()) ? title : `${title} | ${schoolName}`;
}

/** Joins the configured public origin and a path into an absolute URL. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}
