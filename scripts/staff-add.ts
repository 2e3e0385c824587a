/**
 * `npm run staff:add -- --email priya@school.in --name "Priya Raman" --role office`: creates a
 * staff account on the server, with a password read from a hidden prompt (typed twice), from
 * standard input when piped, or from STAFF_NEW_PASSWORD. Roles: owner, office, editor
 * (src/shared/staff/roles.ts). The first Owner comes from ADMIN_PASSWORD; this adds the others.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { passwordProblem, hashPassword, registerStaffAccount } from '#server/modules/staff/service.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { loadConfig } from '#server/config.ts';
import { consoleLogger } from '#server/log.ts';
import { openStorage } from '#server/storage/database.ts';
import { newStaffAccountSchema, staffAccountMessages } from '#shared/staff/accounts.ts';
import { roleLabels } from '#shared/staff/roles.ts';
import { readNewPassword } from './readNewPassword';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const parsed = newStaffAccountSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
    throw new Error(
      `Nothing was created:\n${problems.join('\n')}\nUsage: npm run staff:add -- --email ADDRESS --name "FULL NAME" --role owner|office|editor`,
    );
  }
  const account = parsed.data;
  const password = await readNewPassword('STAFF_NEW_PASSWORD', `Password for ${account.email}: `);
  const problem = await passwordProblem(password, account);
  if (problem) throw new Error(`${problem} Nothing was created.`);

  const storage = await openStorage(loadConfig().dataDir);
  try {
    const created = await registerStaffAccount(storage, {
      ...account,
      passwordHash: await hashPassword(password),
      createdAt: new Date().toISOString(),
    });
    if (!created) throw new Error(`${staffAccountMessages.emailTaken} Nothing was created.`);
    await recordAudit(storage, { at: new Date(), clientIp: null }, 'account-created', {
      accountId: created.id,
      role: created.role,
      by: 'npm run staff:add',
    });
    consoleLogger.info('Staff account created', {
      audit: 'account-created',
      source: 'npm run staff:add',
      accountId: created.id,
      role: created.role,
      user: process.env.SUDO_USER ?? process.env.USER ?? 'unknown',
      host: os.hostname(),
    });
    console.log(
      `${roleLabels[created.role]} account created for ${created.name} <${created.email}>. They can sign in at /admin with this email and password.`,
    );
  } finally {
    await storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
