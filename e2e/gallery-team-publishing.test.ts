import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startingSiteContent, type SiteContent } from '#shared/content/siteContent.ts';
import { photoSrc } from '#shared/content/photos.ts';
import { addStaffAccount, loginCookie, postJson } from '#test/support/testLogin.ts';
import type { TestServer } from '#test/support/testServer.ts';
import { runChecker } from './support/htmlChecker';
import { startSite } from './support/site';

/** The HTML a fresh visitor's first request gets, no script run. */
const page = async (server: TestServer, path: string) => (await fetch(`${server.url}${path}`)).text();
/** The order in which texts first appear in a page. */
const orderIn = (html: string, texts: readonly string[]) =>
  [...texts].sort((a, b) => html.indexOf(a) - html.indexOf(b));

describe(
  'publishing the gallery, the team and the testimonials renders their pages with the build’s renderer',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let editor: string;
    const PASSWORD = 'farah keeps a long password';

    beforeAll(async () => {
      server = await startSite();
      await addStaffAccount(server.services, {
        email: 'farah@example.in',
        name: 'Farah Siddiqui',
        role: 'editor',
        password: PASSWORD,
      });
      editor = await loginCookie(server.url, PASSWORD, {}, 'farah@example.in');
    });
    afterAll(() => server.close());

    const publish = async (content: SiteContent) => {
      const response = await postJson(`${server.url}/api/trpc/content.publish`, { json: content }, { cookie: editor });
      return {
        status: response.status,
        body: (await response.json()) as {
          result?: { data: { json: { revision: { changed: string[] } } } };
          error?: { json: { message: string } };
        },
      };
    };

    it('a reordered gallery with one photo removed, and a new person with an uploaded photo, are on the pages at once', async () => {
      const starting = startingSiteContent();
      const [first, second, third, ...rest] = starting.gallery;
      if (!first || !second || !third) throw new Error('The starting gallery has at least three photos');
      const before = await page(server, '/gallery');
      expect(orderIn(before, [first.image.alt, second.image.alt, third.image.alt])).toEqual([
        first.image.alt,
        second.image.alt,
        third.image.alt,
      ]);

      const gallery = [third, first, ...rest];
      const newcomer = {
        name: 'Lakshmi Narayan',
        role: 'Music Guide',
        photo: {
          photoId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
          width: 2000,
          height: 2000,
          alt: 'Portrait of Lakshmi Narayan holding a veena',
        },
        shortBio: 'Lakshmi brings Carnatic songs and rhythm games to every class.',
        fullBio: [
          'She trained at Kalakshetra and taught music for ten years.',
          'Children know her for the morning songs in the courtyard.',
        ],
      };
      const quote = { name: 'Revathi Kumar', role: 'Parent', text: 'Our son runs to school.' };
      const published = await publish({
        ...starting,
        gallery,
        team: [...starting.team, newcomer],
        testimonials: [...starting.testimonials, quote],
      });
      expect(published.status, published.body.error?.json.message).toBe(200);
      expect(published.body.result?.data.json.revision.changed).toEqual(['gallery', 'team', 'testimonials']);

      const galleryHtml = await page(server, '/gallery');
      expect(orderIn(galleryHtml, [first.image.alt, third.image.alt])).toEqual([third.image.alt, first.image.alt]);
      expect(galleryHtml).not.toContain(second.image.alt);
      expect(galleryHtml.match(/class="gallery-item__image"/g)).toHaveLength(gallery.length);

      const teamHtml = await page(server, '/about/our-team');
      expect(teamHtml).toContain('<h2 class="team-card__name">Lakshmi Narayan</h2>');
      expect(teamHtml).toContain('<p>Children know her for the morning songs in the courtyard.</p>');
      const picture = teamHtml.match(/<picture>.*?<\/picture>/)?.[0] ?? '';
      expect(picture).toContain(`${photoSrc(newcomer.photo.photoId, 480, 'avif')} 480w`);
      expect(picture).toContain('sizes="144px"');
      expect(picture).toMatch(
        /<img class="team-card__photo" src="[^"]+-1600\.jpg" srcSet="[^"]+" sizes="144px" alt="Portrait of Lakshmi Narayan holding a veena" width="1600" height="1600" loading="lazy"/,
      );
      // The people and their photos reach the browser as the page's data, not in a script chunk.
      expect(teamHtml).toContain(`"photoId":"${newcomer.photo.photoId}"`);

      // The home page quotes the shortest testimonial: now the new one.
      const home = await page(server, '/');
      expect(home).toContain(`<p>${quote.text}</p>`);
      expect(await page(server, '/testimonials')).toContain(quote.name);

      // The photos' markup (picture, sources, srcset, sizes) is valid HTML: the build's pages have illustrations only.
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'published-pages-'));
      const files = [
        ['gallery.html', galleryHtml],
        ['our-team.html', teamHtml],
      ].map(([name = '', html = '']) => {
        const file = path.join(folder, name);
        fs.writeFileSync(file, html);
        return file;
      });
      const { messages } = await runChecker(files);
      fs.rmSync(folder, { recursive: true });
      // The one warning kept on purpose everywhere (decision 0014): role="list" on a styled list.
      expect(
        messages
          .filter((message) => !message.message.startsWith("The 'list' role is unnecessary"))
          .map((message) => `${message.type}: ${message.message} [${message.extract ?? ''}]`),
      ).toEqual([]);
    });

    it('refuses a gallery photo without a description with the plain message, and the pages stay as they were', async () => {
      const state = (await (
        await fetch(`${server.url}/api/trpc/content.draft`, { headers: { cookie: editor } })
      ).json()) as { result: { data: { json: { published: SiteContent } } } };
      const current = state.result.data.json.published;
      const photo = { photoId: 'b1b2c3d4e5f6a1b2c3d4e5f6', width: 1200, height: 900, alt: ' ' };
      const refused = await publish({
        ...current,
        gallery: [{ title: 'Planting Day', category: 'Garden', image: photo }, ...current.gallery],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.json.message).toBe('Please describe the photo for people who cannot see it.');
      expect(await page(server, '/gallery')).not.toContain('Planting Day');
    });
  },
);
