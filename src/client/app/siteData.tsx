import { createContext, useContext } from 'react';
import type { SiteData } from './pageDataLoaders';

/** The id of the <script type="application/json"> element that carries the site's data in every page's HTML. */
export const SITE_DATA_ELEMENT_ID = 'site-data';

export const SiteDataContext = createContext<SiteData | undefined>(undefined);

/**
 * The shell's content and the school's facts, the same on every page: on the server what the
 * renderer loaded, in the browser what the page the visitor arrived with carries.
 */
export function useSiteData(): SiteData {
  const data = useContext(SiteDataContext);
  if (!data) throw new Error('The page carries no site data');
  return data;
}
