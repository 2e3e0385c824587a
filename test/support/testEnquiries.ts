import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EnquiryAnswers, EnquiryWork } from '#shared/enquiries/enquiry.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { answerColumns } from '#server/modules/enquiries/rowsRepository.ts';
import type { Database } from '#server/storage/schema.ts';

/**
 * Test and benchmark data: inserts enquiries straight into the tables (the enquiry forms'
 * own code path is tested on its own). Every answer has a plain default; any text may be given.
 */
type TestEnquiry<K extends EnquiryKind> = Partial<
  Record<keyof EnquiryAnswers[K], string> & EnquiryWork & { createdAt: string }
>;
export type TestContact = TestEnquiry<'contact'>;
export type TestAdmission = TestEnquiry<'admission'>;

const defaultAnswers: { [K in EnquiryKind]: Partial<Record<keyof EnquiryAnswers[K], string>> } = {
  contact: {
    name: 'Priya Raman',
    email: 'priya@example.com',
    countryCode: '+91',
    phone: '9840012345',
    type: 'general',
    message: 'We would like to visit the school.',
  },
  admission: {
    studentName: 'Arjun Kumar',
    birthDate: '2022-03-15',
    parentName: 'Kavitha Kumar',
    email: 'kavitha@example.com',
    countryCode: '+91',
    phone: '9840098400',
    programOfInterest: 'primary',
    message: '',
  },
};

function testRow<K extends EnquiryKind>(kind: K, enquiry: TestEnquiry<K>) {
  const work: Partial<EnquiryWork & { createdAt: string }> = enquiry;
  return {
    // Test data may hold values the forms would refuse (that is what some tests are about).
    ...answerColumns(kind, { ...defaultAnswers[kind], ...enquiry } as unknown as EnquiryAnswers[K]),
    created_at: work.createdAt ?? '2026-11-20T06:30:00.000Z',
    status: work.status ?? 'pending',
    is_read: work.isRead ? 1 : 0,
    remarks: work.remarks ?? '',
    idempotency_key: randomUUID(),
  };
}

export async function insertTestContacts(db: Kysely<Database>, contacts: TestContact[]): Promise<number[]> {
  if (contacts.length === 0) return [];
  const rows = await db
    .insertInto('contact_enquiries')
    .values(contacts.map((contact) => testRow('contact', contact)))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** An admission's own email and phone, so that its visit counts apart from every other family's (one coming visit per email or phone). */
export const family = (n: number): TestAdmission => ({
  email: `family${n}@example.in`,
  phone: String(9_840_000_000 + n),
});

export async function insertTestAdmissions(db: Kysely<Database>, admissions: TestAdmission[]): Promise<number[]> {
  if (admissions.length === 0) return [];
  const rows = await db
    .insertInto('admission_enquiries')
    .values(admissions.map((admission) => testRow('admission', admission)))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
