import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * Named staff accounts (issue 10; decision 0024). The one shared credential becomes the first
 * Owner's account (no email until they add one: the spec's password-only login keeps working for
 * it), sessions belong to an account, and each entry of an enquiry's history names the account
 * that made it. Open sessions carry over to the first Owner, so nobody is signed out by the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One transaction: the history's guard is never missing, the old credential never half-moved.
  await db.transaction().execute((trx) => createAccounts(trx));
}

async function createAccounts(db: Transaction<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
    .addColumn('email', 'text', (column) => column.unique().modifyEnd(sql`collate nocase`))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role in ('owner', 'office', 'editor')`))
    .addColumn('password_hash', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('from_environment', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`from_environment in (0, 1)`),
    )
    .addColumn('disabled_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // One account takes its password from ADMIN_PASSWORD / ADMIN_PASSWORD_HASH.
  await sql`create unique index staff_accounts_one_from_environment on staff_accounts (from_environment) where from_environment = 1`.execute(
    db,
  );
  await sql`insert into staff_accounts (id, email, name, role, password_hash, version, from_environment, created_at, updated_at)
    select 1, null, 'Owner', 'owner', password_hash, version, 1, updated_at, updated_at from staff_credentials where id = 1`.execute(
    db,
  );
  await db.schema.dropTable('staff_credentials').execute();

  await db.schema.alterTable('staff_sessions').addColumn('account_id', 'integer').execute();
  await sql`update staff_sessions set account_id = 1`.execute(db);
  await db.schema
    .createIndex('staff_sessions_account')
    .on('staff_sessions')
    .columns(['account_id', 'ended_at'])
    .execute();

  // Every change so far was made with the shared password, now the first Owner's. The history
  // refuses updates, so its guard steps aside for this one statement and comes back unchanged.
  await db.schema.alterTable('enquiry_history').addColumn('account_id', 'integer').execute();
  const { rows } = await sql<{
    sql: string;
  }>`select sql from sqlite_schema where type = 'trigger' and name = 'enquiry_history_no_update'`.execute(db);
  const guard = rows[0]?.sql;
  if (!guard) throw new Error('enquiry_history_no_update is missing: the history would not be append-only');
  await sql`drop trigger enquiry_history_no_update`.execute(db);
  await sql`update enquiry_history set account_id = 1 where session_id is not null`.execute(db);
  await sql.raw(guard).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute((trx) => dropAccounts(trx));
}

async function dropAccounts(db: Transaction<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_credentials')
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await sql`insert into staff_credentials (id, password_hash, version, updated_at)
    select 1, password_hash, version, updated_at from staff_accounts where from_environment = 1 and password_hash is not null`.execute(
    db,
  );
  await db.schema.dropIndex('staff_sessions_account').execute();
  await db.schema.alterTable('staff_sessions').dropColumn('account_id').execute();
  await db.schema.alterTable('enquiry_history').dropColumn('account_id').execute();
  await db.schema.dropTable('staff_accounts').execute();
}
