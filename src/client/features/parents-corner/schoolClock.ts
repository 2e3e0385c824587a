import { SCHOOL_UTC_OFFSET_MINUTES } from '#shared/time.ts';

/** 'HH:mm' -> '9:30 AM', without Intl (decision 0006). */
export function clockText(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** An instant's school day ('YYYY-MM-DD') and its time there ('HH:mm'), by the same arithmetic as schoolToday. */
export function schoolMoment(instant: string): { day: string; time: string } {
  const shifted = new Date(Date.parse(instant) + SCHOOL_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return { day: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}
