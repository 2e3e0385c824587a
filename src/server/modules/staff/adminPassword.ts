import { ConfigError, type Config } from '#server/config.ts';
import { passwordProblem } from './commonPasswords';

/**
 * ADMIN_PASSWORD follows the rule of every staff password (passwordProblem): loadConfig checks its
 * length, this also that it is not easy to guess. The estimator takes about a second to load, so the
 * server checks it once it listens, not before (decision 0021), and only when it is not the stored
 * password already (staffAuth's ensureFirstOwner); it stops if it fails. check-config always scores it.
 */
export async function checkAdminPassword(config: Config): Promise<void> {
  const problem = await adminPasswordProblem(config);
  if (problem) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${problem}`);
}

export async function adminPasswordProblem(config: Config): Promise<string | undefined> {
  return config.admin.password === undefined ? undefined : passwordProblem(config.admin.password);
}
