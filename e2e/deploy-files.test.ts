import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/buildOutput.ts';
import { loadConfig, proxyTrustWarning } from '#server/config.ts';
import { school } from '#content/school.ts';
import { schoolContact, startingFacts } from '#shared/content/schoolFacts.ts';
import { deployDir } from './support/caddySite';
import { namedInEnvironmentFile, readEnvironmentFile } from './support/envFile';

const envExample = path.join(deployDir, 'school.env.example');
const caddyfile = fs.readFileSync(path.join(deployDir, 'Caddyfile'), 'utf8');
const unitFiles = ['school.service', 'school-offsite.service', 'school-offsite.timer'];
const services = unitFiles.filter((name) => name.endsWith('.service'));

describe('the deploy files’ references to the docs', () => {
  it('name a section that exists: "(docs/deploy.md, step 9)" a numbered step, "(FILE, Name)" a heading or bold term of FILE', () => {
    const missing: string[] = [];
    for (const name of fs.readdirSync(deployDir)) {
      const text = fs.readFileSync(path.join(deployDir, name), 'utf8');
      for (const [reference, file = '', section = ''] of text.matchAll(/\(([\w./-]+\.md|README), ([^),]+)\)/g)) {
        const target = path.join(projectRoot, file === 'README' ? 'README.md' : file);
        const doc = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
        const step = /^step (\d+)$/.exec(section);
        const found = step
          ? new RegExp(`^### ${step[1]}\\. `, 'm').test(doc)
          : new RegExp(`^#+ ${section}$`, 'm').test(doc) || doc.includes(`**${section}**`);
        if (!found) missing.push(`${name}: ${reference}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('deploy/Caddyfile', () => {
  it('gives the school’s starting phone numbers on its maintenance page, which cannot read the published ones', () => {
    const page = caddyfile.slice(caddyfile.indexOf('<!doctype html>'), caddyfile.indexOf('</html>'));
    const links = [...page.matchAll(/<a href="tel:([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, e164, display]) => ({
      e164,
      display,
    }));
    expect(links).toEqual(schoolContact(startingFacts()).phones.map(({ e164, display }) => ({ e164, display })));
    expect(page).toContain(school.name);
  });

  it('is valid for Debian’s Caddy with only SITE_ADDRESS set, and sends to the app where school.env makes it listen', () => {
    const result = spawnSync(
      'caddy',
      ['validate', '--config', path.join(deployDir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        env: { PATH: process.env.PATH, HOME: os.tmpdir(), SITE_ADDRESS: 'www.aranyamontessori.in' },
        encoding: 'utf8',
      },
    );
    expect(result.stdout + result.stderr).toContain('Valid configuration');
    const { HOST, PORT } = readEnvironmentFile(envExample);
    expect(caddyfile).toContain(`{$APP_ADDRESS:${HOST}:${PORT}}`);
  });

  it('is refused by caddy validate without SITE_ADDRESS, with an error that names it', () => {
    const result = spawnSync(
      'caddy',
      ['validate', '--config', path.join(deployDir, 'Caddyfile'), '--adapter', 'caddyfile'],
      {
        env: { PATH: process.env.PATH, HOME: os.tmpdir() },
        encoding: 'utf8',
      },
    );
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('SITE_ADDRESS-is-not-set');
  });
});

describe('deploy/school.env.example', () => {
  it('names every variable the server reads (config.ts, and BUILD_DIR of buildOutput.ts)', () => {
    const source = fs.readFileSync(path.join(projectRoot, 'src/server/config.ts'), 'utf8');
    const schema = source.slice(source.indexOf('const environmentSchema'), source.indexOf('export type Config'));
    const read = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);
    expect(read.length).toBeGreaterThan(20);
    expect(new Set(namedInEnvironmentFile(envExample))).toEqual(new Set([...read, 'BUILD_DIR']));
  });

  it('is a valid production configuration behind Caddy on the same machine, with scheduled backups beside the data', () => {
    const settings = readEnvironmentFile(envExample);
    const config = loadConfig(settings);
    expect(config).toMatchObject({
      isProduction: true,
      host: '127.0.0.1',
      trustProxy: ['loopback'],
      dataDir: '/var/lib/school',
    });
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.backups).toMatchObject({ dir: '/var/backups/school', intervalMs: 24 * 3_600_000 });
    expect(proxyTrustWarning(config)).toBeUndefined();
  });

  it('reads the same in sh (the commands of docs/deploy.md) as in systemd', () => {
    const result = spawnSync('sh', ['-c', 'set -a && . "$1" && env', 'sh', envExample], { env: {}, encoding: 'utf8' });
    const fromShell = Object.fromEntries(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
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
      for (const unit of unitFiles)
        fs.copyFileSync(path.join(deployDir, unit), path.join(root, 'etc/systemd/system', unit));
      const result = spawnSync('systemd-analyze', ['verify', `--root=${root}`, ...unitFiles], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it.each(services)('%s is rated 2.0 or lower by systemd-analyze security, as docs/deploy.md says', (unit) => {
    const result = spawnSync('systemd-analyze', ['security', '--offline=yes', path.join(deployDir, unit)], {
      encoding: 'utf8',
    });
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

/** The commands of docs/deploy.md's ```sh blocks, one a line, in the page's order. */
const deployCommands = [
  ...fs.readFileSync(path.join(projectRoot, 'docs/deploy.md'), 'utf8').matchAll(/^```sh\n([\s\S]*?)^```$/gm),
]
  .flatMap((block) => (block[1] ?? '').split('\n'))
  .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));

// Lessons of a trial on a fresh Debian 13 server: each failed there as first written.
describe('docs/deploy.md, as a volunteer runs it on a fresh Debian 13 server', () => {
  it('installs what npm ci needs to configure better-sqlite3 (node-gyp: python3 and make), since the server has no build tools', () => {
    expect(fs.existsSync(path.join(projectRoot, 'node_modules/better-sqlite3/binding.gyp'))).toBe(true);
    const install = deployCommands.find((line) => line.includes('apt-get install') && line.includes('caddy')) ?? '';
    expect(install.split(/\s+/)).toEqual(expect.arrayContaining(['python3', 'make']));
  });

  it('makes /srv/school readable by the sudo user (Debian 13 creates home folders 0700)', () => {
    expect(deployCommands.filter((line) => line.includes('useradd') && line.includes('--create-home'))).toEqual([]);
    expect(deployCommands.some((line) => /install -d .*-m 0755 \/srv\/school /.test(line))).toBe(true);
  });

  it('runs the commands of the build (npm run check-config, admin:password, …) only after the step that builds', () => {
    const built = deployCommands.findIndex((line) => line.includes('npm run build'));
    const scripts = /npm run (--silent )?(check-config|admin:password|staff:add|backup|restore)\b/;
    expect(built).toBeGreaterThan(-1);
    expect(deployCommands.slice(0, built).filter((line) => scripts.test(line))).toEqual([]);
  });

  it('reads the data and backup folders (0700, the site’s user) only through sudo', () => {
    const touching = deployCommands.filter(
      (line) => /\/var\/(lib|backups)\/school\b/.test(line) && !/install -d|ls -ld/.test(line),
    );
    expect(
      touching.filter((line) => !/^\s*(sudo|\S+=\$\(sudo) /.test(line) && !line.includes('--environment-file')),
    ).toEqual([]);
  });

  it('waits for the server to listen after starting it, before its check', () => {
    const checks = deployCommands.filter((line) => line.includes('127.0.0.1:3000/healthz'));
    expect(checks.length).toBeGreaterThan(1);
    expect(checks.filter((line) => !line.includes('--retry-connrefused'))).toEqual([]);
  });

  it('turns on Debian’s security updates, with a reboot at night, and adds swap before npm ci (627 MB at its peak on 1 GB)', () => {
    const step2 = deployCommands.slice(
      0,
      deployCommands.findIndex((line) => line.includes('nodejs.org')),
    );
    expect(step2.some((line) => line.includes('apt-get install') && line.includes('unattended-upgrades'))).toBe(true);
    expect(step2.join('\n')).toMatch(/Unattended-Upgrade::Automatic-Reboot "true"/);
    expect(step2).toEqual(
      expect.arrayContaining([
        expect.stringContaining('mkswap /swapfile'),
        expect.stringContaining("'/swapfile none swap sw 0 0'"),
      ]),
    );
  });

  it('puts nothing in /tmp, which Debian 13 holds in memory', () => {
    expect(deployCommands.filter((line) => /(^|[\s=])\/tmp\b/.test(line))).toEqual([]);
  });

  it('validates the Caddyfile with the site’s addresses before Caddy restarts with it', () => {
    const validate = deployCommands.findIndex(
      (line) => line.includes('caddy validate') && line.includes('SITE_ADDRESS='),
    );
    expect(validate).toBeGreaterThan(-1);
    expect(validate).toBeLessThan(deployCommands.findIndex((line) => line.includes('systemctl restart caddy')));
  });

  it('installs a release from a tag or a commit, and makes the off-site remote with commands, not rclone’s wizard', () => {
    expect(deployCommands.filter((line) => line.includes('--branch "$TAG"'))).toEqual([]);
    expect(deployCommands).toEqual(expect.arrayContaining([expect.stringContaining('checkout --quiet "$TAG"')]));
    expect(deployCommands.filter((line) => /rclone config( --config \S+)?$/.test(line.trim()))).toEqual([]);
    expect(deployCommands).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/rclone config create --config \/etc\/school\/rclone.conf school-crypt crypt /),
      ]),
    );
  });

  it('says what to keep in the password manager to build a new server from the off-site copy', () => {
    const page = fs.readFileSync(path.join(projectRoot, 'docs/deploy.md'), 'utf8');
    const section = page.slice(
      page.indexOf('## The server is gone'),
      page.indexOf('\n## ', page.indexOf('## The server is gone') + 1),
    );
    for (const kept of [
      '/etc/school/school.env',
      '/etc/school/rclone.conf',
      '/var/lib/school/two-step.key',
      '/etc/systemd/system/caddy.service.d/school.conf',
    ])
      expect(section).toContain(kept);
    expect(section).toContain('rclone copy --config /etc/school/rclone.conf school-crypt:backups /var/backups/school');
  });
});
