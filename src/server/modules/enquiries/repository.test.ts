import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '#server/storage/database.ts';
import type { Database } from '#server/storage/schema.ts';
import { createOutboxRepository, type OutboxMessage } from '#server/modules/mail/repository.ts';
import { createEnquiryRepository, type EnquiryRepository, type NewContactEnquiry } from './repository';

const contact = (name: string, key = randomUUID()): NewContactEnquiry => ({
  created_at: new Date().toISOString(),
  name,
  email: 'parent@example.in',
  country_code: '+91',
  phone: '9840012345',
  type: 'general',
  message: 'A message of some length.',
  ip: '127.0.0.1',
  user_agent: null,
  idempotency_key: key,
});

const mails = (): OutboxMessage[] => [
  {
    recipientRole: 'office',
    to: 'office@example.in',
    subject: 'New',
    text: 'text',
    html: '<p>text</p>',
    replyTo: 'parent@example.in',
  },
  {
    recipientRole: 'parent',
    to: 'parent@example.in',
    subject: 'Thanks',
    text: 'text',
    html: '<p>text</p>',
    replyTo: undefined,
  },
];

describe('enquiry repository (real SQLite file)', () => {
  let dataDir: string;
  let storage: Storage;
  let repository: EnquiryRepository;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enquiry-repo-'));
    storage = await openStorage(dataDir);
    repository = createEnquiryRepository(storage.db);
  });
  afterAll(async () => {
    await storage.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const outboxCount = async (id: number) =>
    (
      await storage.db
        .selectFrom('outbox')
        .select('id')
        .where('enquiry_kind', '=', 'contact')
        .where('enquiry_id', '=', id)
        .execute()
    ).length;

  it('commits many concurrent enquiries (grouped) each with its own id and its two outbox rows', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, index) => repository.insertContact(contact(`Parent ${index}`), mails)),
    );
    expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(40);
    expect(outcomes.every((outcome) => outcome.result === 'created')).toBe(true);
    for (const outcome of outcomes) expect(await outboxCount(outcome.id)).toBe(2);
    const stored = await repository.findContact(outcomes[7]!.id);
    expect(stored?.name).toBe('Parent 7');
  });

  it('commits writes that arrive together in one transaction (group commit)', async () => {
    let transactions = 0;
    const counting = {
      close: () => undefined,
      prepare: (sql: string) => {
        if (/^begin/i.test(sql)) transactions += 1;
        return storage.sqlite.prepare(sql);
      },
    };
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: counting as unknown as SqliteDatabase.Database }),
    });
    const grouped = createEnquiryRepository(db);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => grouped.insertContact(contact(`Grouped ${index}`), mails)),
    );
    expect(outcomes.every((outcome) => outcome.result === 'created')).toBe(true);
    expect(transactions).toBe(1);
  });

  it('marks form tokens used in the same group commits as enquiries: the first enquiry keeps a token, even within one group', async () => {
    let transactions = 0;
    const counting = {
      close: () => undefined,
      prepare: (sql: string) => {
        if (/^begin/i.test(sql)) transactions += 1;
        return storage.sqlite.prepare(sql);
      },
    };
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: counting as unknown as SqliteDatabase.Database }),
    });
    const grouped = createEnquiryRepository(db);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const keys = Array.from({ length: 10 }, () => randomUUID());
    const [firstUsers] = await Promise.all([
      Promise.all(
        keys.map((idempotencyKey, index) =>
          grouped.claimFormToken({ tokenId: `token-${index % 2}`, idempotencyKey, expiresAt }),
        ),
      ),
      grouped.insertContact(contact('Alongside the claims'), mails),
    ]);
    expect(firstUsers).toEqual(keys.map((_, index) => keys[index % 2]));
    expect(transactions).toBe(1);
  });

  it('stores an admission enquiry with its outbox rows and reads it back by id', async () => {
    const { id, result } = await repository.insertAdmission(
      {
        created_at: new Date().toISOString(),
        student_name: 'Arjun',
        birth_date: '2022-08-15',
        parent_name: 'Priya',
        email: 'parent@example.in',
        country_code: '+91',
        phone: '9840012345',
        program_of_interest: 'primary',
        message: '',
        ip: '127.0.0.1',
        user_agent: 'test',
        idempotency_key: randomUUID(),
      },
      mails,
      '2026-12-03',
    );
    expect(result).toBe('created');
    expect(await repository.findAdmission(id)).toMatchObject({
      studentName: 'Arjun',
      birthDate: '2022-08-15',
      programOfInterest: 'primary',
      status: 'pending',
      isRead: false,
      remarks: '',
    });
    const outbox = await storage.db
      .selectFrom('outbox')
      .select('recipient_role')
      .where('enquiry_kind', '=', 'admission')
      .where('enquiry_id', '=', id)
      .execute();
    expect(outbox).toHaveLength(2);
    expect(await repository.findAdmission(id + 1000)).toBeUndefined();
  });

  it('stores one row for the same key sent concurrently, and answers its id to every caller', async () => {
    const key = randomUUID();
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map(() => repository.insertContact(contact('Same Parent', key), mails)),
    );
    expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(1);
    expect(outcomes.filter((outcome) => outcome.result === 'created')).toHaveLength(1);
    expect(await outboxCount(outcomes[0]!.id)).toBe(2);
  });

  it('fails only the write that fails in a group, leaving no enquiry without its emails', async () => {
    const failing = () => {
      throw new Error('template broke');
    };
    const results = await Promise.allSettled([
      repository.insertContact(contact('Before'), mails),
      repository.insertContact(contact('Good One'), mails),
      repository.insertContact(contact('Broken'), failing),
      repository.insertContact(contact('Good Two'), mails),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const names = (await storage.db.selectFrom('contact_enquiries').select('name').execute()).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(['Good One', 'Good Two']));
    expect(names).not.toContain('Broken');
  });

  it('lets only one claimant take a due outbox row', async () => {
    const outbox = createOutboxRepository(storage);
    const now = new Date(Date.now() + 1000).toISOString();
    const lease = new Date(Date.now() + 600_000).toISOString();
    const due = await storage.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
    expect(due.length).toBeGreaterThan(1);
    const claims = await Promise.all(Array.from({ length: due.length + 3 }, () => outbox.claimNext(now, lease)));
    const claimed = claims.flatMap((row) => (row ? [row.id] : []));
    expect(claimed.sort((a, b) => a - b)).toEqual(due.map((row) => row.id).sort((a, b) => a - b));
    expect(await outbox.claimNext(now, lease)).toBeUndefined();
  });

  it('never claims a sent row or one given up after refusals', async () => {
    const outbox = createOutboxRepository(storage);
    const { id } = await repository.insertContact(contact('Given Up'), mails);
    const [office, parent] = await storage.db
      .selectFrom('outbox')
      .selectAll()
      .where('enquiry_id', '=', id)
      .where('enquiry_kind', '=', 'contact')
      .orderBy('id')
      .execute();
    const now = new Date().toISOString();
    await outbox.markSent(office!, now);
    await outbox.markFailed(parent!, {
      attempts: 5,
      rejections: 5,
      nextAttemptAt: now,
      error: '550 no such user',
      failedAt: now,
    });
    expect(
      await outbox.claimNext(new Date(Date.now() + 1000).toISOString(), new Date(Date.now() + 600_000).toISOString()),
    ).toBeUndefined();
  });
});
