import { addDays, format, parseISO } from 'date-fns';
import type { VisitPattern } from '#shared/admissions/visits.ts';
import { schoolToday } from '#shared/time.ts';
import { postJson, validAdmission } from '#test/support/enquiryTestData.ts';
import { loginCookie } from '#test/support/testLogin.ts';

const inDays = (days: number) => format(addDays(parseISO(schoolToday()), days), 'yyyy-MM-dd');

/**
 * The booking page as a family meets it: an admission enquiry sent to the server's REST path (its
 * answer carries the link), after the Owner published four weeks of Saturday mornings and
 * Wednesday afternoons, two slots a day.
 */
export async function bookingPageUrl(origin: string, password: string): Promise<string> {
  const cookie = await loginCookie(origin, password);
  const patterns: VisitPattern[] = [
    { weekday: 'Saturday', time: '10:00', minutes: 45, places: 3, from: inDays(2), to: inDays(29) },
    { weekday: 'Saturday', time: '11:30', minutes: 45, places: 3, from: inDays(2), to: inDays(29) },
    { weekday: 'Wednesday', time: '16:00', minutes: 45, places: 2, from: inDays(2), to: inDays(29) },
    { weekday: 'Wednesday', time: '17:00', minutes: 45, places: 2, from: inDays(2), to: inDays(29) },
  ];
  for (const pattern of patterns) {
    const published = await postJson(`${origin}/api/trpc/visits.publishPattern`, { json: pattern }, { cookie });
    if (!published.ok) throw new Error(`visits.publishPattern: HTTP ${published.status} ${await published.text()}`);
  }
  const answer = await postJson(`${origin}/api/admission-enquiry`, validAdmission());
  if (answer.status !== 201)
    throw new Error(`POST /api/admission-enquiry: HTTP ${answer.status} ${await answer.text()}`);
  const { bookingUrl } = (await answer.json()) as { bookingUrl: string };
  return bookingUrl;
}
