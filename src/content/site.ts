/**
 * The content of the page shell, the same on every page: the school's facts the site shows and the
 * menus. The renderer reads it through this one function (client/app/pageDataLoaders.ts) and
 * sends it with each page as data, beside what the office publishes (the announcement and the
 * admissions year: shared/content/siteContent.ts). The contact facts (phones, email, address,
 * office hours) are the published ones, given by the renderer.
 */
import { admissionEnquiryLink, type LinkItem } from './links';
import { footerOutline, menuOutline, type MenuEntry, type NavGroup } from './navigation';
import { school, type School } from './school';
import type { SchoolContact } from './schoolFacts';

export type ShellContent = {
  school: Pick<School, 'name' | 'tagline' | 'social' | 'sisterSchools'> &
    Pick<SchoolContact, 'phones' | 'email' | 'officeHoursText' | 'mapsUrl' | 'mapsEmbedUrl'> & {
      /** The address as printed, one line per entry */
      readonly addressLines: readonly string[];
      /** Each row of office hours as printed: 'Mon–Fri 8:30 AM - 4:30 PM' */
      readonly officeHours: readonly string[];
    };
  admissionEnquiryLink: LinkItem;
  menuOutline: MenuEntry[];
  footerOutline: NavGroup[];
};

export function shellContent({
  phones,
  email,
  address,
  officeHours,
  officeHoursText,
  mapsUrl,
  mapsEmbedUrl,
}: SchoolContact): ShellContent {
  const { name, tagline, social, sisterSchools } = school;
  return {
    school: {
      name,
      tagline,
      addressLines: address.lines,
      phones,
      email,
      officeHours: officeHours.map(({ label }) => label),
      officeHoursText,
      mapsUrl,
      mapsEmbedUrl,
      social,
      sisterSchools,
    },
    admissionEnquiryLink,
    menuOutline,
    footerOutline,
  };
}
