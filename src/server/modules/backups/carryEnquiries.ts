import SqliteDatabase from 'better-sqlite3';

/**
 * The tables whose new rows are carried, in this order (an enquiry before the mail it queued), and
 * which of their rows: the outbox's staff mails carry links to accounts the backup may not have.
 */
const carriedTables = { contact_enquiries: '', admission_enquiries: '', outbox: 'and enquiry_id is not null' } as const;

export type CarriedRows = Record<keyof typeof carriedTables, number>;

function columnsOf(database: SqliteDatabase.Database, table: string, schema: 'main' | 'newer'): string[] {
  return database.prepare('select name from pragma_table_info(?, ?)').pluck().all(table, schema) as string[];
}

/**
 * Copies into the database `into` (a backup just restored) the enquiries that the database `from`
 * (the one it replaced) received after the backup was taken, with the mail they queued: every row
 * of those tables whose id is above the highest id in `into` (ids are AUTOINCREMENT, so a row the
 * backup lacks has a higher id than every row it has). Only the columns both schemas have are
 * copied, so a newer schema's rows fit an older one; a row that cannot fit (a column the older
 * schema requires is missing) stops the whole copy, all or nothing, with SQLite's reason.
 * Triggers on `into` keep its search index in step.
 */
export function carryEnquiries({ from, into }: { from: string; into: string }): CarriedRows {
  const database = new SqliteDatabase(into, { fileMustExist: true });
  try {
    database.prepare('attach database ? as newer').run(from);
    return database.transaction(() => {
      const carried: CarriedRows = { contact_enquiries: 0, admission_enquiries: 0, outbox: 0 };
      for (const [table, which] of Object.entries(carriedTables) as [keyof CarriedRows, string][]) {
        const olderColumns = new Set(columnsOf(database, table, 'main'));
        const shared = columnsOf(database, table, 'newer').filter((column) => olderColumns.has(column));
        if (shared.length === 0) throw new Error(`The table ${table} is missing from one of the two databases.`);
        const list = shared.map((column) => `"${column}"`).join(', ');
        carried[table] = database
          .prepare(
            `insert into main.${table} (${list}) select ${list} from newer.${table} where id > (select coalesce(max(id), 0) from main.${table}) ${which} order by id`,
          )
          .run().changes;
      }
      return carried;
    })();
  } finally {
    database.close();
  }
}
