import { randomUUID } from 'node:crypto';
import { school } from '#content/school.ts';

/**
 * A Message-ID for an email being queued (migration 028). Given once and stored with the row, so
 * an email sent again after a crash between the relay's acceptance and the mark "sent" is the
 * same message to the reader's mail program, which shows it once.
 */
export const newMessageId = (): string => `<${randomUUID()}@${new URL(school.siteUrl).hostname}>`;
