import { addDays, format, parseISO } from 'date-fns';
import { startingSiteContent, type SiteContentInput } from '../../src/shared/content/siteContent';
import { schoolToday } from '../../src/shared/time';
import { loginCookie, postJson } from '../../test/support/testLogin';

/**
 * What `BENCH_CONTENT=published` measures the site with: content as an office would publish it,
 * every editable part changed from the starting content, so the pages measured are the
 * publisher's (rendered and compressed on the server), not the build's.
 */
export function benchContent(): SiteContentInput {
  const starting = startingSiteContent();
  const inTenDays = format(addDays(parseISO(schoolToday()), 10), 'yyyy-MM-dd');
  return {
    ...starting,
    announcement: { ...starting.announcement, text: 'Admissions open for the 2026-27 academic year: visit us on a Saturday morning.' },
    admissionsYear: '2026-27',
    events: [...starting.events, { title: 'Annual Day', date: inTenDays, text: 'Songs, plays and a science fair by every class, with lunch for families.' }],
  };
}

/** Longer than the full-effort compression of every page takes on this machine (about 4 s, decision 0028). */
const POLISH_WAIT_MS = 10_000;

/** Signs in as the Owner and publishes the bench's content; answers once every page is re-rendered. */
export async function publishBenchContent(origin: string, password: string): Promise<void> {
  const cookie = await loginCookie(origin, password);
  const response = await postJson(`${origin}/api/trpc/content.publish`, { json: benchContent() }, { cookie });
  if (!response.ok) throw new Error(`content.publish: HTTP ${response.status} ${await response.text()}`);
  const home = await (await fetch(`${origin}/`)).text();
  if (!home.includes(benchContent().announcement.text)) throw new Error('The published announcement is not on the home page');
  // The full-effort compressed copies follow the fast ones within seconds; a visitor a minute later gets those.
  await new Promise((resolve) => setTimeout(resolve, POLISH_WAIT_MS));
}
