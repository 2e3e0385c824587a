/** Test helpers: log in over real HTTP and carry the session cookie by hand, as a browser would. */
import { hashPassword, registerStaffAccount, type StaffAccount } from '#server/modules/staff/service.ts';
import type { Services } from '#server/services.ts';
import type { StaffRole } from '#shared/staff/roles.ts';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-characters';

export const testStaffEnv = { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, SESSION_SECRET: TEST_SESSION_SECRET } as const;

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The "name=value" of the session cookie a response sets (either name: production's has the __Host- prefix), or undefined. */
export function sessionCookieFrom(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?staff_session=/.test(value));
  return cookie?.split(';')[0];
}

/** Logs in through POST /api/admin/login and answers the cookie to send back. */
export async function loginCookie(
  baseUrl: string,
  password = TEST_ADMIN_PASSWORD,
  headers: Record<string, string> = {},
  email?: string,
): Promise<string> {
  const response = await postJson(
    `${baseUrl}/api/admin/login`,
    email === undefined ? { password } : { email, password },
    headers,
  );
  const cookie = sessionCookieFrom(response);
  if (response.status !== 200 || !cookie) throw new Error(`Login failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** A staff account with a password, stored as `npm run staff:add` stores one. */
export async function addStaffAccount(
  services: Services,
  { email, name, role, password }: { email: string; name: string; role: StaffRole; password: string },
): Promise<StaffAccount> {
  const account = await registerStaffAccount(services.storage, {
    email,
    name,
    role,
    passwordHash: await hashPassword(password),
    createdAt: services.now().toISOString(),
  });
  if (!account) throw new Error(`${email} already has an account`);
  return account;
}
