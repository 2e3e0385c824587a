import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'production', publicUrl: 'http://localhost:3000', recaptcha: undefined });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.recaptcha).toBeUndefined();
  });

  it('names the variable and the problem for a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'school.example' })).toThrow(/PUBLIC_URL: must be an absolute http\(s\) URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ RECAPTCHA_MIN_SCORE: '2' })).toThrow(/RECAPTCHA_MIN_SCORE/);
  });

  it('requires the reCAPTCHA keys together and an office address with SMTP', () => {
    expect(() => loadConfig({ RECAPTCHA_SITE_KEY: 'site' })).toThrow(/must be set together/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:2525' })).toThrow(/NOTIFY_EMAIL/);
    const config = loadConfig({ RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret', RECAPTCHA_MIN_SCORE: '0.7' });
    expect(config.recaptcha).toMatchObject({ siteKey: 'site', secretKey: 'secret', minScore: 0.7 });
  });

  it('splits several session secrets for key rotation', () => {
    expect(loadConfig({ SESSION_SECRET: 'new-secret, old-secret' }).admin.sessionSecrets).toEqual(['new-secret', 'old-secret']);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.school.example/' }).publicUrl).toBe('https://www.school.example');
  });

  it('refuses an ADMIN_PASSWORD shorter than 12 characters, naming the variable', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'elevenchars' })).toThrow(/ADMIN_PASSWORD: must have at least 12 characters/);
    expect(() => loadConfig({ ADMIN_PASSWORD: '   padded   ' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_PASSWORD: 'twelve chars' }).admin.password).toBe('twelve chars');
  });
});
