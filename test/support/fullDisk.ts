import type { TestServer } from './testServer';

/**
 * A full disk, simulated: SQLite refuses to grow the database file past max_page_count (setting
 * it below the current size pins it there) and fails the write with SQLITE_FULL, "database or disk
 * is full", as it does when the disk itself is full.
 */
export function fillTheDisk(server: TestServer): void {
  server.services.storage.sqlite.pragma('max_page_count = 1');
}

export function freeTheDisk(server: TestServer): void {
  server.services.storage.sqlite.pragma('max_page_count = 1000000');
}

/** Writes until one is refused: the pages the database already has take a few first. */
export async function untilRefused(write: (attempt: number) => Promise<Response>): Promise<Response> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await write(attempt);
    if (!response.ok) return response;
  }
  throw new Error('Every write was accepted: the disk did not fill');
}
