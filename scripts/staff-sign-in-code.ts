/**
 * `npm run staff:sign-in-code -- [EMAIL]`: prints a one-time code for a staff account (the first
 * Owner without EMAIL), for a server that sends no mail (decision 0051). The code works once, for
 * 15 minutes, where the dashboard asks for one: signing in from a new browser while the account
 * is being guessed at, or setting up two-step login after its days. Only its hash is stored.
 */
import os from 'node:os';
import { recordAudit } from '#server/modules/audit/service.ts';
import { firstOwner, oneTimeCodesOf, staffAccountWithEmail } from '#server/modules/staff/service.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { consoleLogger } from '#server/log.ts';
import { openStorage } from '#server/storage/database.ts';
import { oneTimeCodeMinutes } from '#shared/dashboard/staffSignIn.ts';

async function main(): Promise<void> {
  const email = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  const config = loadConfig();
  const storage = await openStorage(config.dataDir);
  try {
    const account = email ? await staffAccountWithEmail(storage, email) : await firstOwner(storage);
    if (!account || account.disabledAt !== null)
      throw new Error(
        `${email ? `No staff account has the email ${email}` : 'There is no first Owner yet'}; nothing was made.`,
      );
    const now = new Date();
    const code = await oneTimeCodesOf(config, storage).issue(account.id, now);
    await recordAudit(storage, { at: now, clientIp: null }, 'one-time-code-printed', {
      accountId: account.id,
    });
    consoleLogger.info('One-time code printed on the server', {
      audit: 'one-time-code',
      accountId: account.id,
      user: process.env.SUDO_USER ?? process.env.USER ?? 'unknown',
      host: os.hostname(),
    });
    console.log(
      `One-time code for ${account.email ?? 'the first Owner'}: ${code}\nIt works once, for ${oneTimeCodeMinutes} minutes. Give it only to that person, by phone or in person.`,
    );
  } finally {
    await storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
