import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../src/server/buildOutput';
import { loadConfig, proxyTrustWarning } from '../src/server/config';
import { school } from '../src/content/school';
import { schoolContact, startingFacts } from '../src/shared/content/schoolFacts';
import { deployDir } from './support/caddySite';
import { namedInEnvironmentFile, readEnvironmentFile } from './support/envFile';

const envExample = path.join(deployDir, 'school.env.example');
const caddyfile = fs.readFileSync(path.join(deployDir, 'Caddyfile'), 'utf8');
const unitFiles = ['school.service', 'school-offsite.service', 'school-offsite.timer'];
const services = unitFiles.filter((name) => name.endsWith('.service'));

describe('deploy/Caddyfile', () => {
  it('gives the school’s starting phone numbers on its maintenance page, which cannot read the published ones', () => {
    const page = caddyfile.slice(caddyfile.indexOf('<!doctype html>'), caddyfile.indexOf('</html>'));
    const links = [...page.matchAll(/<a href="tel:([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, e164, display]) => ({ e164, display }));
    expect(links).toEqual(schoolContact(startingFacts()).phones.map(({ e164, display }) => ({ e164, display })));
    expect(page).toContain(school.name);
  });

  it('is valid for Debian’s Caddy with only SITE_ADDRESS set, and sends to the app where school.env makes it listen', () => {
    const result = spawnSync('caddy', ['validate', '--config', path.join(deployDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), SITE_ADDRESS: 'www.aranyamontessori.in' },
      encoding: 'utf8',
    });
    expect(result.stdout + result.stderr).toContain('Valid configuration');
    const { HOST, PORT } = readEnvironmentFile(envExample);
    expect(caddyfile).toContain(`{$APP_ADDRESS:${HOST}:${PORT}}`);
  });
});

describe('deploy/school.env.example', () => {
  it('names every variable the server reads (config.ts, and BUILD_DIR of buildOutput.ts)', () => {
    const source = fs.readFileSync(path.join(projectRoot, 'src/server/config.ts'), 'utf8');
    const schema = source.slice(source.indexOf('const environmentSchema'), source.indexOf('export type Config'));
    const read = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(20);
    expect(new Set(namedInEnvironmentFile(envExample))).toEqual(new Set([...read, 'BUILD_DIR']));
  });

  it('is a valid production configuration behind Caddy on the same machine, with scheduled backups beside the data', () => {
    const settings = readEnvironmentFile(envExample);
    const config = loadConfig(settings);
    expect(config).toMatchObject({ isProduction: true, host: '127.0.0.1', trustProxy: ['loopback'], dataDir: '/var/lib/school' });
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.backups).toMatchObject({ dir: '/var/backups/school', intervalMs: 24 * 3_600_000 });
    expect(proxyTrustWarning(config)).toBeUndefined();
  });

  it('reads the same in sh (the commands of docs/deploy.md) as in systemd', () => {
    const result = spawnSync('sh', ['-c', 'set -a && . "$1" && env', 'sh', envExample], { env: {}, encoding: 'utf8' });
    const fromShell = Object.fromEntries(result.stdout.trim().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
    expect(fromShell).toMatchObject(readEnvironmentFile(envExample));
  });
});

describe('deploy/ systemd units', () => {
  it('pass systemd-analyze verify', () => {
    // A scratch root with the system's units and the programs they start, which this machine need not have.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'school-units-'));
    try {
      fs.cpSync('/usr/lib/systemd/system', path.join(root, 'usr/lib/systemd/system'), { recursive: true });
      for (const program of ['usr/local/bin/node', 'usr/bin/rclone']) {
        fs.mkdirSync(path.dirname(path.join(root, program)), { recursive: true });
        fs.writeFileSync(path.join(root, program), '#!/bin/sh\n', { mode: 0o755 });
      }
      fs.mkdirSync(path.join(root, 'etc/systemd/system'), { recursive: true });
      for (const unit of unitFiles) fs.copyFileSync(path.join(deployDir, unit), path.join(root, 'etc/systemd/system', unit));
      const result = spawnSync('systemd-analyze', ['verify', `--root=${root}`, ...unitFiles], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it.each(services)('%s is rated 2.0 or lower by systemd-analyze security, as docs/deploy.md says', (unit) => {
    const result = spawnSync('systemd-analyze', ['security', '--offline=yes', path.join(deployDir, unit)], { encoding: 'utf8' });
    const [, exposure, verdict] = /Overall exposure level for \S+: (\d+\.\d) (\w+)/.exec(result.stdout) ?? [];
    expect(Number(exposure)).toBeLessThanOrEqual(2);
    expect(verdict).toBe('OK');
    expect(fs.readFileSync(path.join(projectRoot, 'docs/deploy.md'), 'utf8')).toContain(`\`${unit}\`: ${exposure} OK`);
  });

  it('runs the server with school.env, writing only to its data and backup folders', () => {
    const unit = fs.readFileSync(path.join(deployDir, 'school.service'), 'utf8');
    const { DATA_DIR, BACKUP_DIR } = readEnvironmentFile(envExample);
    expect(unit).toContain('EnvironmentFile=/etc/school/school.env');
    expect(unit).toContain(`StateDirectory=${path.basename(DATA_DIR ?? '')}`);
    expect(DATA_DIR).toBe(`/var/lib/${path.basename(DATA_DIR ?? '')}`);
    expect(unit).toContain(`ReadWritePaths=${BACKUP_DIR}`);
    expect(unit).toMatch(/^ProtectSystem=strict$/m);
  });
});
