import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SubmissionStatus } from '../../shared/submissions';
import type { Database } from './schema';

/**
 * Test and benchmark data: inserts enquiries straight into the tables (the enquiry forms'
 * own code path is tested on its own). Every field has a plain default.
 */
export type TestContact = Partial<{
  createdAt: string;
  name: string;
  email: string;
  countryCode: string;
  phone: string;
  type: string;
  message: string;
  status: SubmissionStatus;
  isRead: boolean;
  remarks: string;
}>;

export type TestAdmission = Partial<{
  createdAt: string;
  childName: string;
  birthDate: string;
  parentName: string;
  email: string;
  countryCode: string;
  phone: string;
  program: string;
  message: string;
  status: SubmissionStatus;
  isRead: boolean;
  remarks: string;
}>;

const defaultCreatedAt = '2026-11-20T06:30:00.000Z';

export async function insertTestContacts(db: Kysely<Database>, contacts: TestContact[]): Promise<number[]> {
  if (contacts.length === 0) return [];
  const rows = await db
    .insertInto('contact_submissions')
    .values(
      contacts.map((contact) => ({
        created_at: contact.createdAt ?? defaultCreatedAt,
        name: contact.name ?? 'Priya Raman',
        email: contact.email ?? 'priya@example.com',
        country_code: contact.countryCode ?? '+91',
        phone: contact.phone ?? '9840012345',
        type: contact.type ?? 'general',
        message: contact.message ?? 'We would like to visit the school.',
        status: contact.status ?? 'pending',
        is_read: contact.isRead ? 1 : 0,
        remarks: contact.remarks ?? '',
        idempotency_key: randomUUID(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertTestAdmissions(db: Kysely<Database>, admissions: TestAdmission[]): Promise<number[]> {
  if (admissions.length === 0) return [];
  const rows = await db
    .insertInto('admission_enquiries')
    .values(
      admissions.map((admission) => ({
        created_at: admission.createdAt ?? defaultCreatedAt,
        student_name: admission.childName ?? 'Arjun Kumar',
        birth_date: admission.birthDate ?? '2022-03-15',
        parent_name: admission.parentName ?? 'Kavitha Kumar',
        email: admission.email ?? 'kavitha@example.com',
        country_code: admission.countryCode ?? '+91',
        phone: admission.phone ?? '9840098400',
        program: admission.program ?? 'primary',
        message: admission.message ?? '',
        status: admission.status ?? 'pending',
        is_read: admission.isRead ? 1 : 0,
        remarks: admission.remarks ?? '',
        idempotency_key: randomUUID(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
