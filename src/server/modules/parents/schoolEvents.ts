import { randomBytes } from 'node:crypto';
import { PARENT_CALENDAR_PAST_DAYS, parentCalendarUrl, type ParentEventInput } from '#shared/parents/events.ts';
import { schoolToday } from '#shared/time.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import type { Config } from '#server/config.ts';
import type { ParentScope, RequestScope, StaffScope } from '#server/requestScope.ts';
import { calendarFeed } from './calendarFeed';
import * as repository from './repository';

type Dependencies = { config: Config; storage: repository.ParentsStore };

const day = 24 * 3_600_000;

/** The school's events (the office's list, a parent's upcoming ones) and each guardian's calendar feed. */
export function createSchoolEvents({ config, storage: { db } }: Dependencies) {
  const audit = auditWriter({ db });
  const changeOf = ({ at, asker }: StaffScope) => ({ at: at.toISOString(), by: asker.account.id });

  return {
    /** Today's and later events, on the school's calendar, soonest first. */
    upcomingEvents: ({ at }: RequestScope) => repository.eventsFrom(db, schoolToday(at)),

    /** The guardian's feed address, or null until they ask for one. */
    async calendarFeedUrl(guardianId: number): Promise<string | null> {
      const key = await repository.calendarFeedKey(db, guardianId);
      return key === undefined ? null : parentCalendarUrl(config.publicUrl, key);
    },

    /** A new feed address for the guardian; the old one answers 404 from now on. */
    async replaceCalendarFeed({ asker, at }: ParentScope): Promise<string> {
      const key = randomBytes(32).toString('base64url');
      await repository.replaceCalendarFeedKey(db, asker.guardianId, key, at.toISOString());
      return parentCalendarUrl(config.publicUrl, key);
    },

    /** The feed's iCalendar text for a live guardian's key, or undefined (a wrong or replaced key, a removed family). */
    async calendarFeed({ at }: RequestScope, key: string): Promise<string | undefined> {
      if (!key) return undefined;
      const guardian = await repository.findFeedGuardian(db, key);
      if (!guardian) return undefined;
      const events = await repository.eventsFrom(
        db,
        schoolToday(new Date(at.getTime() - PARENT_CALENDAR_PAST_DAYS * day)),
      );
      return calendarFeed(events, { host: new URL(config.publicUrl).hostname, now: at });
    },

    events: () => repository.listEvents(db),

    async addEvent(scope: StaffScope, event: ParentEventInput): Promise<number> {
      const id = await repository.insertEvent(db, event, changeOf(scope));
      await audit(scope, 'parent-event-added', { eventId: id });
      return id;
    },

    async editEvent(scope: StaffScope, id: number, event: ParentEventInput): Promise<boolean> {
      const edited = await repository.updateEvent(db, id, event, changeOf(scope));
      if (edited) await audit(scope, 'parent-event-changed', { eventId: id });
      return edited;
    },

    async removeEvent(scope: StaffScope, id: number): Promise<boolean> {
      const removed = await repository.deleteEvent(db, id);
      if (removed) await audit(scope, 'parent-event-removed', { eventId: id });
      return removed;
    },
  };
}
