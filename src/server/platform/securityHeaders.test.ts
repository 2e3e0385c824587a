import { describe, expect, it } from 'vitest';
import { startTestServer } from '#test/support/testServer.ts';

/** The Content-Security-Policy of an answer, directive by directive. */
async function policyWith(env: Record<string, string>): Promise<Map<string, string[]>> {
  const server = await startTestServer(env, { servePages: false });
  try {
    const header = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '';
    return new Map(
      header
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    );
  } finally {
    await server.close();
  }
}

const recaptchaOrigins = ['https://www.google.com', 'https://www.gstatic.com', 'https://www.recaptcha.net'];

describe('Content-Security-Policy and reCAPTCHA', () => {
  it('allows scripts and connections only from the site itself while reCAPTCHA is off', async () => {
    const policy = await policyWith({});
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).not.toContain('https://www.recaptcha.net');
  });

  it("adds Google's reCAPTCHA origins, and only those, when it is switched on", async () => {
    const policy = await policyWith({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret' });
    expect(policy.get('script-src')).toEqual(["'self'", ...recaptchaOrigins]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...recaptchaOrigins]);
    expect(policy.get('frame-src')).toEqual(expect.arrayContaining(recaptchaOrigins));
    expect(policy.get('style-src')).toEqual(["'self'"]);
  });
});
