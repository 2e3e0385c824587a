import sharp from 'sharp';
import { indexablePaths } from '#shared/routes.ts';
import { startingSiteContent, type SiteContent, type SiteContentInput } from '#shared/content/siteContent.ts';
import type { Photo } from '#shared/content/photos.ts';
import { schoolToday } from '#shared/time.ts';
import { uploadPhoto } from '#test/support/photoTestData.ts';
import { loginCookie, postJson } from '#test/support/testLogin.ts';

/** Longer than the full-effort compression of every page takes on this machine (about 4 s, decision 0028). */
const POLISH_WAIT_MS = 10_000;

/** A stand-in for a phone's photo: smooth colour with the grain of a real scene, so it compresses like one (not like a flat test card). */
async function benchPhoto(width: number, height: number): Promise<Buffer> {
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .blur(2)
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#6b8e4e' } })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * What `BENCH_CONTENT=published` measures the site with: content as an office would publish it,
 * every editable part changed from the starting content and uploaded photos where the site shows
 * pictures (a blog post's cover, the gallery's first photo, the first person of the team), so the
 * pages measured are the publisher's, with <picture> and srcset, not the build's.
 */
function benchContent(cover: Photo, portrait: Photo): SiteContentInput {
  const starting = startingSiteContent();
  const [founder, ...others] = starting.team;
  return {
    ...starting,
    announcement: {
      ...starting.announcement,
      text: 'Admissions open for the 2026-27 academic year: visit us on a Saturday morning.',
    },
    admissionsYear: '2026-27',
    blogPosts: [
      {
        id: 'bench-sports-day',
        title: 'Sports Day on the New Field',
        slug: 'sports-day-on-the-new-field',
        date: schoolToday(),
        image: cover,
        excerpt: 'Every child ran, every family cheered, and the sack race was as chaotic as ever.',
        body: '## On the field\n\nEvery child ran. **Everyone** cheered.\n\n- Sack race\n- Relay\n\nMore photos are in our [gallery](/gallery).',
      },
      ...starting.blogPosts,
    ],
    gallery: [
      {
        title: 'Sports Day',
        category: 'Garden',
        image: { ...cover, alt: 'Children running a relay race on the school field' },
      },
      ...starting.gallery,
    ],
    team: founder ? [{ ...founder, photo: portrait }, ...others] : starting.team,
  };
}

/** Signs in as the Owner, uploads the photos and publishes the bench's content; answers with the public routes it has, once every page is re-rendered. */
export async function publishBenchContent(origin: string, password: string): Promise<string[]> {
  const cookie = await loginCookie(origin, password);
  const upload = async (bytes: Buffer, alt: string): Promise<Photo> => {
    const { photo, message } = await uploadPhoto(origin, cookie, bytes);
    if (!photo) throw new Error(`photos.upload: ${message}`);
    return { ...photo, alt };
  };
  const content = benchContent(
    await upload(await benchPhoto(1600, 1200), 'Children running a race on the school field'),
    await upload(await benchPhoto(800, 800), 'Portrait of the founder in the school garden'),
  );
  const response = await postJson(`${origin}/api/trpc/content.publish`, { json: content }, { cookie });
  if (!response.ok) throw new Error(`content.publish: HTTP ${response.status} ${await response.text()}`);
  const { result } = (await response.json()) as { result: { data: { json: { content: SiteContent } } } };
  const home = await (await fetch(`${origin}/`)).text();
  if (!home.includes(content.announcement.text)) throw new Error('The published announcement is not on the home page');
  // The full-effort compressed copies follow the fast ones within seconds; a visitor a minute later gets those.
  await new Promise((resolve) => setTimeout(resolve, POLISH_WAIT_MS));
  return indexablePaths(result.data.json.content.blogPosts);
}
