import { z } from 'zod';
import type { SpamReason } from '#shared/dashboard/index.ts';
import type { Config } from '#server/config.ts';

/**
 * What the verification decided.
 * - passed: a good score for the right action on our site.
 * - rejected: Google's verdict is against it: the token was not accepted (forged, expired or
 *   replayed), it was made for another action or site, or the score is low. The enquiry goes to
 *   the Spam folder, where the office can still take it out.
 * - unverified: no verdict (no token because the script failed on the phone, or the verifier
 *   is unreachable); tolerated and logged, since infrastructure must not decide about a parent.
 */
export type RecaptchaVerdict =
  | { outcome: 'passed'; score: number }
  | { outcome: 'rejected'; reason: Extract<SpamReason, 'recaptcha-failed' | 'recaptcha-low-score'>; detail: string }
  | { outcome: 'unverified'; detail: string };

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
  if (!token) return { outcome: 'unverified', detail: 'no token sent' };
  let body: unknown;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return { outcome: 'unverified', detail: `verifier answered ${response.status}` };
    body = await response.json();
  } catch (error) {
    return { outcome: 'unverified', detail: `verifier unreachable: ${String(error)}` };
  }
  const parsed = verifyResponseSchema.safeParse(body);
  if (!parsed.success) return { outcome: 'unverified', detail: 'verifier answer not understood' };
  const verdict = parsed.data;
  if (!verdict.success) {
    return {
      outcome: 'rejected',
      reason: 'recaptcha-failed',
      detail: `token not accepted: ${(verdict['error-codes'] ?? []).join(', ') || 'no reason given'}`,
    };
  }
  if (verdict.action !== expected.action)
    return { outcome: 'rejected', reason: 'recaptcha-failed', detail: `action ${verdict.action ?? '(none)'}` };
  if (verdict.hostname !== expected.hostname)
    return { outcome: 'rejected', reason: 'recaptcha-failed', detail: `hostname ${verdict.hostname ?? '(none)'}` };
  const score = verdict.score ?? 0;
  if (score < settings.minScore)
    return { outcome: 'rejected', reason: 'recaptcha-low-score', detail: `score ${score}` };
  return { outcome: 'passed', score };
}
