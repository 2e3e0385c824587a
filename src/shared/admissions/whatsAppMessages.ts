import { formatSchoolTime } from '#shared/schoolTimes.ts';
import type { AdmissionStage } from './stages';
import { suspiciousName } from '#shared/enquiries/suspiciousName.ts';

/** Who a message is for and from: the parent, the child, the school's name (from the site's content); the booked visit's start (ISO), if any. */
export type MessageNames = { parentName: string; childName: string; schoolName: string; visitAt?: string };

/**
 * The first WhatsApp message to a parent for each stage (issue 24), which the office edits
 * before sending: an invitation to visit, a visit confirmation, a documents reminder...
 */
/** "Hello Revathi", or "Hello" when the parent's name looks like an advertisement, so the school never sends it on. */
const hello = (parentName: string) => (suspiciousName(parentName) ? 'Hello' : `Hello ${parentName}`);

export const whatsAppMessages: Record<AdmissionStage, (names: MessageNames) => string> = {
  enquiry: ({ parentName, childName, schoolName }) =>
    `${hello(parentName)}, thank you for your enquiry about ${childName} at ${schoolName}. We would love to show you the school: which day would suit you for a visit?`,
  'visit-booked': ({ parentName, childName, schoolName, visitAt }) =>
    `${hello(parentName)}, this is to confirm your visit to ${schoolName} with ${childName}${visitAt ? ` on ${formatSchoolTime(visitAt)}` : ''}. If the time no longer suits you, just reply here. We look forward to meeting you.`,
  visited: ({ parentName, childName, schoolName }) =>
    `${hello(parentName)}, thank you for visiting ${schoolName} with ${childName}. Do you have any questions we can answer about the admission?`,
  offered: ({ parentName, childName, schoolName }) =>
    `${hello(parentName)}, we are happy to confirm a place for ${childName} at ${schoolName}. A reminder: please send us the admission documents so that we can complete the admission.`,
  'documents-received': ({ parentName, childName, schoolName }) =>
    `${hello(parentName)}, ${schoolName} has received ${childName}'s documents, thank you. We will be in touch about onboarding and orientation.`,
  enrolled: ({ parentName, childName, schoolName }) =>
    `${hello(parentName)}, welcome to ${schoolName}! We look forward to ${childName}'s first day.`,
  waitlisted: ({ parentName, childName, schoolName }) =>
    `${hello(parentName)}, ${childName} is on the waiting list at ${schoolName}. We will let you know as soon as a place opens.`,
  'not-proceeding': ({ parentName, schoolName }) =>
    `${hello(parentName)}, thank you for your interest in ${schoolName}. Please write to us here whenever we can help.`,
};
