import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoFile, clientDir, pageFileFor, projectRoot, type BuildInfo } from '#server/buildOutput.ts';
import { freePort } from '#test/support/smtpSink.ts';
import { loadConfig } from '#server/config.ts';
import { securityHeaders } from '#server/platform/securityHeaders.ts';
import { indexablePaths, prerenderPaths, resolveRoute } from '#shared/routes.ts';
import { startingBlogPosts } from '#shared/content/blogPosts.ts';
import { APP_MODULE, type PageModules } from '#shared/pageModules.ts';
import { pageManifestKey } from '#client/app/pageRegistry.ts';
import type { Manifest } from 'vite';
import { startSite } from './support/site';
import type { TestServer } from '#test/support/testServer.ts';

let site: TestServer;

beforeAll(async () => {
  site = await startSite({ PUBLIC_URL: 'https://www.school.example' });
});
afterAll(() => site.close());

const get = (path: string, init?: RequestInit) => fetch(`${site.url}${path}`, { redirect: 'manual', ...init });

/** The bytes as they travel (fetch would decode them). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${site.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe('the server answers every page', () => {
  it.each(prerenderPaths(startingBlogPosts()).filter((path) => !path.includes('_unknown') && path !== '/404'))(
    'serves %s with status 200',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(`<title>`);
    },
  );

  it('answers unknown paths with a real 404 and the not-found page', async () => {
    for (const path of ['/no-such-page', '/about/nothing', '/blog/no-such-post']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/404 Page Not Found|Post not found\./);
    }
  });

  it('redirects pre-primary and trailing slashes permanently', async () => {
    const prePrimary = await get('/programs/pre-primary');
    expect(prePrimary.status).toBe(301);
    expect(prePrimary.headers.get('location')).toBe('/programs/primary');
    const slash = await get('/faq/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/faq');
  });

  it('never redirects off the site, however the path begins', async () => {
    // Sent as raw bytes: fetch would turn a backslash into a slash before sending.
    const rawGet = (path: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const { hostname, port } = new URL(site.url);
        http
          .get({ hostname, port, path }, (response) => {
            response.resume();
            resolve({ status: response.statusCode ?? 0, location: response.headers.location });
          })
          .on('error', reject);
      });
    const paths = [
      '//evil.example/',
      '//evil.example',
      '/\\evil.example/',
      '/\\/evil.example/',
      '///evil.example//',
      '//evil.example/?next=1',
      '/%2F%2Fevil.example/',
      '/%5Cevil.example/',
      '//evil.example/faq/',
    ];
    for (const path of paths) {
      const { status, location } = await rawGet(path);
      if (status !== 301) {
        expect(status, path).toBe(404);
        continue;
      }
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(location ?? '', site.url).host, path).toBe(new URL(site.url).host);
    }
    expect(await rawGet('//evil.example/')).toEqual({ status: 301, location: '/evil.example' });
    expect(await rawGet('/\\evil.example/?next=1')).toEqual({ status: 301, location: '/evil.example?next=1' });
  });

  it('serves pages with no inline script: only module files, JSON-LD, the site and page data blocks and the list of modules', async () => {
    for (const path of ['/', '/faq', '/contact', '/admin']) {
      const html = await (await get(path)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts)
        expect(attributes, path).toMatch(
          /\bsrc="\/assets\/|type="application\/ld\+json"|^ type="application\/json" id="(site-data|page-data|page-modules)"$/,
        );
      expect(html).not.toMatch(/\son[a-z]+="/);
    }
  });

  it('lists with every page the modules it runs, each served and after the chunks it imports, the application last', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    for (const route of ['/', '/gallery', '/contact', '/blog/farm-trip', '/admin']) {
      const html = await (await get(route)).text();
      const list = JSON.parse(
        html.match(/<script type="application\/json" id="page-modules">([^<]*)<\/script>/)?.[1] ?? 'null',
      ) as PageModules;
      expect(list.modules.at(-1), route).toBe(`/${manifest[APP_MODULE]?.file}`);
      const pageChunk = manifest[pageManifestKey(resolveRoute(route, startingBlogPosts()).page)];
      expect(list.modules, route).toContain(`/${pageChunk?.file}`);
      for (const imported of pageChunk?.imports ?? []) {
        expect(list.modules.indexOf(`/${manifest[imported]?.file}`), `${route}: ${imported}`).toBeLessThan(
          list.modules.indexOf(`/${pageChunk?.file}`),
        );
      }
      // The dashboard is drawn by the browser: its HTML preloads every module. Every other page paints first, with none.
      expect(list.paintFirst, route).toBe(route !== '/admin');
      const preloads = [
        ...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)"/g),
      ].map(([, href]) => href);
      expect(preloads, route).toEqual(list.paintFirst ? [] : list.modules);
      for (const file of list.modules) {
        const response = await get(file);
        expect(response.status, file).toBe(200);
        expect(response.headers.get('content-type'), file).toContain('javascript');
      }
    }
  });

  it('marks the admin page and the not-found page noindex', async () => {
    expect(await (await get('/admin')).text()).toContain('content="noindex, follow"');
    expect(await (await get('/nothing-here')).text()).toContain('content="noindex, follow"');
  });
});

describe('headers', () => {
  it('sends strict security headers', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('puts the site stylesheet inline, allowed by its hash and not by unsafe-inline, so nothing blocks the first paint', async () => {
    for (const path of ['/', '/faq', '/admin', '/no-such-page']) {
      const response = await get(path);
      const html = await response.text();
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
      expect(styles, path).toHaveLength(1);
      const hash = crypto
        .createHash('sha256')
        .update(styles[0] ?? '')
        .digest('base64');
      const styleSrc = (response.headers.get('content-security-policy') ?? '')
        .split(';')
        .map((directive) => directive.trim())
        .find((directive) => directive.startsWith('style-src'));
      expect(styleSrc, path).toBe(`style-src 'self' 'sha256-${hash}'`);
    }
  });

  it('sends HSTS and upgrades requests only in production over HTTPS, on the public address', () => {
    const headersFor = (env: Record<string, string>, host: string) => {
      const values = new Map<string, string>();
      const res = {
        setHeader: (name: string, value: string) => values.set(name.toLowerCase(), value),
        removeHeader: () => undefined,
      };
      securityHeaders(loadConfig(env))({ headers: { host } } as never, res as never, () => undefined);
      return values;
    };
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://www.school.example' };
    const onPublicHost = headersFor(production, 'www.school.example');
    expect(onPublicHost.get('strict-transport-security')).toContain('max-age=');
    expect(onPublicHost.get('content-security-policy')).toContain('upgrade-insecure-requests');
    // The server's own address, tried over plain http before HTTPS works: its scripts must load from there.
    const onOwnAddress = headersFor(production, '203.0.113.7:3000');
    expect(onOwnAddress.has('strict-transport-security')).toBe(false);
    expect(onOwnAddress.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    expect(
      headersFor({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }, 'localhost:3000').has(
        'strict-transport-security',
      ),
    ).toBe(false);
    expect(
      headersFor({ NODE_ENV: 'development', PUBLIC_URL: 'https://www.school.example' }, 'www.school.example').has(
        'strict-transport-security',
      ),
    ).toBe(false);
  });

  it('caches hashed assets for a year as immutable, and revalidates pages', async () => {
    const asset = fs.readdirSync(`${clientDir}/assets`).find((file) => file.endsWith('.js'));
    expect(asset).toBeDefined();
    const response = await get(`/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await get('/gallery');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();
    // fetch adds 'Cache-Control: no-cache' to conditional requests unless one is given, as browsers' revalidation does not.
    const revalidated = await get('/gallery', {
      headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' },
    });
    expect(revalidated.status).toBe(304);
  });

  it('compresses text answers', async () => {
    const response = await get('/faq', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('sends pages and hashed assets in the encoding asked for, exactly as the build wrote them', async () => {
    const largestScript = fs
      .readdirSync(`${clientDir}/assets`)
      .filter((file) => file.endsWith('.js'))
      .sort((a, b) => fs.statSync(`${clientDir}/assets/${b}`).size - fs.statSync(`${clientDir}/assets/${a}`).size)[0];
    const files = [
      { path: '/faq', file: pageFileFor('/faq') },
      { path: `/assets/${largestScript}`, file: `${clientDir}/assets/${largestScript}` },
    ];
    for (const { path, file } of files) {
      for (const [accepted, encoding, suffix] of [
        ['gzip, deflate, br', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
        ['identity', undefined, ''],
      ] as const) {
        const answer = await rawGet(path, { 'accept-encoding': accepted });
        expect(answer.status, `${path} ${accepted}`).toBe(200);
        expect(answer.headers['content-encoding'], `${path} ${accepted}`).toBe(encoding);
        expect(answer.headers.vary).toContain('Accept-Encoding');
        expect(
          answer.body.equals(fs.readFileSync(`${file}${suffix}`)),
          `${path} ${accepted}: the bytes written at build time`,
        ).toBe(true);
      }
    }
    // No Accept-Encoding at all (a bare HTTP client): the file itself.
    expect((await rawGet('/faq', {})).headers['content-encoding']).toBeUndefined();
    const brotliPage = await rawGet('/faq', { 'accept-encoding': 'br' });
    const revalidated = await rawGet('/faq', {
      'accept-encoding': 'br',
      'if-none-match': String(brotliPage.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const notFound = await rawGet('/no-such-page', { 'accept-encoding': 'br' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers['content-encoding']).toBe('br');
  });
});

describe('built files sent before Express', () => {
  const largestScript = () =>
    fs
      .readdirSync(`${clientDir}/assets`)
      .filter((file) => file.endsWith('.js'))
      .sort((a, b) => fs.statSync(`${clientDir}/assets/${b}`).size - fs.statSync(`${clientDir}/assets/${a}`).size)[0] ??
    '';
  /** What may differ between two answers: the file's own version and size, the moment, and the request's id. */
  const own = new Set(['etag', 'content-length', 'date', 'cache-control', 'content-type', 'x-request-id']);
  const shared = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => !own.has(name)));

  it('carry every header an answer through Express carries (security headers, Vary, encoding)', async () => {
    const accepted = { 'accept-encoding': 'br' };
    // The not-found page and a program tab not in the table are found by route lookup, through Express.
    const throughExpress = await get('/no-such-page', { headers: accepted });
    const tab = await get('/programs/no-such-tab', { headers: accepted });
    expect(throughExpress.status).toBe(404);
    expect(tab.status).toBe(200);
    const page = await get('/faq', { headers: accepted });
    const script = await get(`/assets/${largestScript()}`, { headers: accepted });
    expect(shared(page.headers)).toEqual(shared(throughExpress.headers));
    expect(shared(page.headers)).toEqual(shared(tab.headers));
    expect(shared(script.headers)).toEqual(shared(throughExpress.headers));
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-type')).toBe(tab.headers.get('content-type'));
    expect(page.headers.get('cache-control')).toBe(tab.headers.get('cache-control'));
  });

  it('name each answer with its own request id, as answers through Express do', async () => {
    const answers = await Promise.all(
      ['/faq', '/faq', `/assets/${largestScript()}`, '/no-such-page'].map((path) =>
        rawGet(path, { 'accept-encoding': 'br' }),
      ),
    );
    const revalidated = await rawGet('/faq', {
      'accept-encoding': 'br',
      'if-none-match': String(answers[0]?.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    const ids = [...answers, revalidated].map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answer HEAD with the headers of GET and no body', async () => {
    for (const path of ['/faq', `/assets/${largestScript()}`]) {
      const [head, full] = [
        await get(path, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }),
        await get(path, { headers: { 'accept-encoding': 'gzip' } }),
      ];
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-length'), path).toBe(full.headers.get('content-length'));
      expect(head.headers.get('etag'), path).toBe(full.headers.get('etag'));
      expect((await head.arrayBuffer()).byteLength, path).toBe(0);
    }
  });

  it('serve a page with a query string, and leave trailing slashes and aliases to their redirects', async () => {
    expect((await get('/faq?utm_source=newsletter')).status).toBe(200);
    expect((await get('/faq/')).headers.get('location')).toBe('/faq');
    expect((await get('/programs/pre-primary?tab=1')).headers.get('location')).toBe('/programs/primary?tab=1');
  });

  describe('behind a trusted proxy with an https PUBLIC_URL', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      proxied = await startSite({ PUBLIC_URL: 'https://www.school.example', TRUST_PROXY: '1' });
    });
    afterAll(() => proxied.close());

    it('moves a visitor who came over http to https, pages and assets alike; serves what came over https', async () => {
      for (const path of ['/faq', `/assets/${largestScript()}`]) {
        const overHttp = await fetch(`${proxied.url}${path}`, {
          redirect: 'manual',
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(overHttp.status, path).toBe(301);
        expect(overHttp.headers.get('location'), path).toBe(`https://www.school.example${path}`);
        const overHttps = await fetch(`${proxied.url}${path}`, {
          redirect: 'manual',
          headers: { 'x-forwarded-proto': 'https', 'accept-encoding': 'br' },
        });
        expect(overHttps.status, path).toBe(200);
        expect(overHttps.headers.get('content-encoding'), path).toBe('br');
      }
    });
  });
});

describe('files for search engines and operators', () => {
  it('lists exactly the indexable routes in sitemap.xml, as absolute URLs from PUBLIC_URL', async () => {
    const response = await get('/sitemap.xml');
    expect(response.headers.get('content-type')).toContain('xml');
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(indexablePaths(startingBlogPosts()).map((path) => `https://www.school.example${path}`));
    expect(locations).not.toContain('https://www.school.example/admin');
    for (const path of indexablePaths(startingBlogPosts()))
      expect(resolveRoute(path, startingBlogPosts()).status).toBe(200);
  });

  it('points robots.txt at the sitemap and keeps crawlers out of the dashboard', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain('Sitemap: https://www.school.example/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
  });

  it('reports health', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('npm start', () => {
  it('runs the compiled server with plain node: it answers /healthz and serves the built pages', async () => {
    const { publicUrl } = JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
    const child = spawn(process.execPath, ['scripts/launch.mjs', 'main'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        DATA_DIR: dataDir,
        MAIL: 'off',
        ADMIN_PASSWORD: 'a-password-long-enough',
      },
      stdio: 'ignore',
    });
    try {
      const deadline = Date.now() + 20_000;
      let health: Response | undefined;
      while (!health && Date.now() < deadline) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(health?.status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/faq`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a build made with another RETENTION_MONTHS, whose privacy notice would state the wrong period', () => {
    const built = JSON.parse(fs.readFileSync(buildInfoFile, 'utf8')) as BuildInfo;
    const other = String(built.closedEnquiryMonths + 1);
    const result = spawnSync(process.execPath, ['scripts/launch.mjs', 'main'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: built.publicUrl,
        RETENTION_MONTHS: other,
        ADMIN_PASSWORD: 'a-password-long-enough',
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`built with RETENTION_MONTHS=${built.closedEnquiryMonths}, but it is now ${other}`);
    expect(result.stderr).toContain('Run `npm run build` with these settings');
  });

  it('says to build first when there is no build', () => {
    const result = spawnSync(process.execPath, ['scripts/launch.mjs', 'main'], {
      cwd: projectRoot,
      env: { ...process.env, BUILD_DIR: '.builds/there-is-no-such-build' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Run `npm run build` first.');
  });
});
