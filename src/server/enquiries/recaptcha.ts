import { z } from 'zod';
import type { Config } from '../config';

/**
 * What the verification decided.
 * - passed: a good score for the right action on our site.
 * - rejected: Google gave a clear verdict against it (low score, another action or site); refused.
 * - unverified: no verdict (no token because the script failed on the phone, the verifier is
 *   unreachable, the token expired or was already used by a retry); tolerated and logged, since
 *   a real parent must never be blocked by infrastructure.
 */
export type RecaptchaVerdict =
  | { outcome: 'passed'; score: number }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'unverified'; reason: string };

const verifyResponseSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

const VERIFY_TIMEOUT_MS = 5_000;

export async function verifyRecaptcha(
  settings: NonNullable<Config['recaptcha']>,
  expected: { action: string; hostname: string },
  token: string | undefined,
  remoteIp: string,
): Promise<RecaptchaVerdict> {
  if (!token) return { outcome: 'unverified', reason: 'no token sent' };
  let body: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return { outcome: 'unverified', reason: `verifier answered ${response.status}` };
    body = await response.json();
  } catch (error) {
    return { outcome: 'unverified', reason: `verifier unreachable: ${String(error)}` };
  }
  const parsed = verifyResponseSchema.safeParse(body);
  if (!parsed.success) return { outcome: 'unverified', reason: 'verifier answer not understood' };
  const verdict = parsed.data;
  if (!verdict.success) {
    return { outcome: 'unverified', reason: `token not accepted: ${(verdict['error-codes'] ?? []).join(', ') || 'no reason given'}` };
  }
  if (verdict.action !== expected.action) return { outcome: 'rejected', reason: `action ${verdict.action ?? '(none)'}` };
  if (verdict.hostname !== expected.hostname) return { outcome: 'rejected', reason: `hostname ${verdict.hostname ?? '(none)'}` };
  const score = verdict.score ?? 0;
  if (score < settings.minScore) return { outcome: 'rejected', reason: `score ${score}` };
  return { outcome: 'passed', score };
}
