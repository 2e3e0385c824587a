/**
 * The content of the page shell, the same on every page: the school's facts the site shows and the
 * menus. The renderer reads it through this one function (client/app/pageDataLoaders.ts) and
 * sends it with each page as data, beside what the office publishes (the announcement and the
 * admissions year: shared/content/siteContent.ts), so the values the office will publish next
 * (issue 11: phones, office hours, menus) can take the place of these without any component changing.
 */
import { admissionEnquiryLink, type LinkItem } from './links';
import { footerOutline, menuOutline, type MenuEntry, type NavGroup } from './navigation';
import { officeHoursText, school, type School } from './school';

export type ShellContent = {
  school: Pick<School, 'name' | 'tagline' | 'phones' | 'email' | 'mapsUrl' | 'mapsEmbedUrl' | 'whatsappE164' | 'social' | 'sisterSchools'> & {
    /** The address as printed, one line per entry */
    readonly addressLines: readonly string[];
    /** Each day's hours as printed: 'Mon–Fri 8:30 AM - 4:30 PM' */
    readonly officeHours: readonly string[];
    /** All of them as one phrase */
    readonly officeHoursText: string;
  };
  admissionEnquiryLink: LinkItem;
  menuOutline: MenuEntry[];
  footerOutline: NavGroup[];
};

export function shellContent(): ShellContent {
  const { name, tagline, address, phones, email, officeHours, mapsUrl, mapsEmbedUrl, whatsappE164, social, sisterSchools } = school;
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
      whatsappE164,
      social,
      sisterSchools,
    },
    admissionEnquiryLink,
    menuOutline,
    footerOutline,
  };
}
