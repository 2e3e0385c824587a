import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, httpLink } from '@trpc/client';
import sharp from 'sharp';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoFormats, photoSrc, photoWidths, type PhotoFormat } from '#shared/content/photos.ts';
import { PHOTO_MAX_BYTES, photoUploadMessages } from '#shared/content/photoUploads.ts';
import { phoneJpeg, pngDeclaring, TEST_CAMERA, uploadPhoto, type UploadAnswer } from '#test/support/photoTestData.ts';
import { addStaffAccount, loginCookie, postJson, testStaffEnv } from '#test/support/testLogin.ts';
import { ensureSiteBuilt } from '#test/support/siteBuild.ts';
import { startingSiteContent, type SiteContent } from '#shared/content/siteContent.ts';
import { startTestServer, type TestServer } from '#test/support/testServer.ts';
import type { AppRouter } from '#server/api/root.ts';
import { openStorage } from '#server/storage/database.ts';
import { createPhotoRepository } from './repository';
import { photoFileNames, photosDir } from './photoFiles';

const formats = Object.keys(photoFormats) as PhotoFormat[];
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe(
  'photo uploads: checked, made upright and without EXIF, served with their ETag (real HTTP, real files)',
  { timeout: 120_000 },
  () => {
    let server: TestServer;
    let editor: string;
    const PASSWORD = 'divya keeps a long password';

    /** A GET as http.get sends it (fetch would add Cache-Control: no-cache to a conditional request). */
    const rawGet = (requestPath: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        http
          .get(`${server.url}${requestPath}`, { headers }, (response) => {
            let body = '';
            response.on('data', (part: Buffer) => (body += part.toString('latin1')));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
            );
          })
          .on('error', reject);
      });

    const upload = (body: Uint8Array | Blob | ReadableStream<Uint8Array>) => uploadPhoto(server.url, editor, body);
    const uploaded = async (bytes: Buffer): Promise<UploadAnswer> => {
      const { status, photo, message } = await upload(bytes);
      expect(status, message).toBe(200);
      return photo!;
    };

    beforeAll(async () => {
      server = await startTestServer({ ...testStaffEnv }, { servePages: false });
      await addStaffAccount(server.services, {
        email: 'divya@example.in',
        name: 'Divya Raj',
        role: 'editor',
        password: PASSWORD,
      });
      editor = await loginCookie(server.url, PASSWORD, {}, 'divya@example.in');
    });
    // Closing waits for the published pages' full-effort compression, which takes a while on a busy machine.
    afterAll(() => server.close(), 120_000);

    it('serves every copy of a phone photo upright, at each width, in AVIF, WebP and JPEG, with no EXIF, GPS or XMP left', async () => {
      const original = await phoneJpeg({ width: 2400, height: 1800 });
      // The upload does carry what must go: the camera, the position, the orientation.
      const before = await sharp(original).metadata();
      expect(before.orientation).toBe(6);
      expect(before.exif).toBeDefined();
      expect(before.xmp?.toString()).toContain('GPSLatitude');
      expect(original.includes('Exif') && original.includes('GPS') && original.includes(TEST_CAMERA)).toBe(true);

      const photo = await uploaded(original);
      // Upright: stored 2400 × 1800 sideways, shown 1800 × 2400; the largest copy is 1600 wide.
      expect(photo).toEqual({ photoId: expect.stringMatching(/^[0-9a-f]{24}$/), width: 1600, height: 2133 });
      expect(photoWidths(photo.width)).toEqual([480, 960, 1600]);

      for (const width of photoWidths(photo.width)) {
        for (const format of formats) {
          // Not on the site yet: the Editor who uploaded it sees it, no shared cache keeps it.
          const response = await fetch(`${server.url}${photoSrc(photo.photoId, width, format)}`, {
            headers: { cookie: editor },
          });
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe(photoFormats[format]);
          expect(response.headers.get('cache-control')).toBe('private, no-cache');
          expect(response.headers.get('etag')).toBeTruthy();
          const bytes = Buffer.from(await response.arrayBuffer());
          const label = `${width} ${format}`;
          for (const text of ['Exif', 'GPS', TEST_CAMERA, 'xmpmeta'])
            expect(bytes.includes(text), `${label} contains ${text}`).toBe(false);
          const metadata = await sharp(bytes).metadata();
          expect(metadata.format, label).toBe(format === 'avif' ? 'heif' : format);
          expect(
            { exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, orientation: metadata.orientation },
            label,
          ).toEqual({
            exif: undefined,
            xmp: undefined,
            iptc: undefined,
            orientation: undefined,
          });
          expect(metadata.width, label).toBe(width);
          expect(metadata.height, label).toBe(Math.round((width * 2400) / 1800));
          // Upright: what was the top of the stored pixels (red) is now on the right.
          const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
          const pixel = (x: number) => [
            ...data.subarray(
              (Math.floor(info.height / 2) * info.width + x) * 3,
              (Math.floor(info.height / 2) * info.width + x) * 3 + 3,
            ),
          ];
          const [leftRed, , leftBlue] = pixel(Math.floor(info.width / 4));
          const [rightRed, , rightBlue] = pixel(Math.floor((info.width * 3) / 4));
          expect(leftBlue! > leftRed! && rightRed! > rightBlue!, `${label} upright`).toBe(true);
        }
      }
      // On disk: exactly those files, nothing left half-written.
      expect(
        fs
          .readdirSync(photosDir(server.dataDir))
          .filter((name) => name.startsWith(photo.photoId))
          .sort(),
      ).toHaveLength(9);
      expect(fs.readdirSync(photosDir(server.dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
      // Owner-only, like everything else the server writes: the folder is not the only lock.
      for (const name of fs.readdirSync(photosDir(server.dataDir)))
        expect(modeOf(path.join(photosDir(server.dataDir), name)), name).toBe(0o600);
    });

    it('makes one photo of the same file uploaded twice', async () => {
      const first = await uploaded(await phoneJpeg({ width: 640, height: 480 }));
      const again = await uploaded(await phoneJpeg({ width: 640, height: 480 }));
      expect(again).toEqual(first);
      expect(first).toMatchObject({ width: 480, height: 640 });
      const rows = server.services.storage.sqlite
        .prepare('select id, width, height, upload_bytes from photos where id = ?')
        .all(first.photoId);
      expect(rows).toHaveLength(1);
    });

    it('takes a File from the dashboard’s own tRPC link (httpLink sends it as application/octet-stream), and gives its refusals as the error message', async () => {
      const client = createTRPCClient<AppRouter>({
        links: [httpLink({ url: `${server.url}/api/trpc`, transformer: superjson, headers: { cookie: editor } })],
      });
      const file = new File([new Uint8Array(await phoneJpeg({ width: 800, height: 600 }))], 'IMG_0001.JPG', {
        type: 'image/jpeg',
      });
      expect(await client.photos.upload.mutate(file)).toEqual({
        photoId: expect.stringMatching(/^[0-9a-f]{24}$/),
        width: 600,
        height: 800,
      });
      await expect(
        client.photos.upload.mutate(new File(['hello'], 'notes.jpg', { type: 'image/jpeg' })),
      ).rejects.toThrow(photoUploadMessages.notAPhoto);
      // JSON sent to the upload is refused before anything is read.
      const json = await fetch(`${server.url}/api/trpc/photos.upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: editor },
        body: '{"json":null}',
      });
      expect(json.status).toBe(415);
    });

    it('refuses a text file named .jpg, a GIF, and an empty body, saying which types it takes', async () => {
      for (const body of [
        Buffer.from('This is not a photo, whatever its name says.'),
        Buffer.from('GIF89a\x01\x00\x01\x00'),
        Buffer.alloc(0),
      ]) {
        const { status, message } = await upload(new File([body], 'holiday.jpg', { type: 'image/jpeg' }));
        expect(status).toBe(415);
        expect(message).toBe(photoUploadMessages.notAPhoto);
      }
    });

    it('refuses a PNG declaring 30000 × 30000 pixels from its header, without decoding it', async () => {
      const bomb = pngDeclaring(30_000, 30_000);
      expect(bomb.length).toBeLessThan(100);
      const started = performance.now();
      const { status, message } = await upload(bomb);
      expect(status).toBe(422);
      expect(message).toBe(photoUploadMessages.tooManyPixels);
      // Decoding 900 million pixels would take seconds and gigabytes; the header is read in moments.
      expect(performance.now() - started).toBeLessThan(2000);
      expect(
        server.services.storage.sqlite.prepare('select count(*) from photos where width > 20000').pluck().get(),
      ).toBe(0);
    });

    it('refuses a file over 15 MB, declared or streamed without a length, before reading it whole', async () => {
      const tooLarge = Buffer.concat([await phoneJpeg({ width: 64, height: 48 }), Buffer.alloc(PHOTO_MAX_BYTES)]);
      const declared = await upload(tooLarge);
      expect(declared.status).toBe(413);
      expect(declared.message).toBe(photoUploadMessages.tooLarge);

      let sent = 0;
      const chunk = Buffer.alloc(1024 * 1024);
      const streamed = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 20) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const chunked = await upload(streamed);
      expect(chunked.status).toBe(413);
      expect(chunked.message).toBe(photoUploadMessages.tooLarge);
    });

    it('answers a plain 404 for any name a copy cannot have, a copy that does not exist, or a way out of the folder', async () => {
      fs.mkdirSync(photosDir(server.dataDir), { recursive: true });
      fs.writeFileSync(path.join(photosDir(server.dataDir), 'notes.txt'), 'not a photo');
      const unknown = [
        '/media/photos/notes.txt',
        '/media/photos/0123456789abcdef01234567-480.jpg',
        '/media/photos/',
        '/media/photos/..%2fschool.sqlite',
        '/media/photos/0123456789abcdef01234567-480.gif',
        '/media/photos/0123456789abcdef01234567-0480.jpg',
      ];
      for (const requestPath of unknown) {
        const answer = await rawGet(requestPath);
        expect(answer.status, requestPath).toBe(404);
        expect(answer.type, requestPath).toMatch(/^text\/plain/);
        expect(answer.body, requestPath).toBe('Not found');
      }
      // Dot segments are resolved before the photos are looked at: still nothing of the data folder.
      for (const requestPath of [
        '/media/photos/%2e%2e/school.sqlite',
        '/media/photos/../school.sqlite',
        '/media/photos/%2e%2e/photos/notes.txt',
      ]) {
        const answer = await rawGet(requestPath);
        expect(answer.status, requestPath).toBe(404);
        expect(answer.body, requestPath).not.toContain('SQLite format');
        expect(answer.body, requestPath).not.toContain('not a photo');
      }
    });

    it('answers 304 to a copy asked again with its ETag', async () => {
      const photo = await uploaded(await phoneJpeg({ width: 640, height: 480 }));
      const url = `${server.url}${photoSrc(photo.photoId, 480, 'webp')}`;
      const etag = (await fetch(url, { headers: { cookie: editor } })).headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      expect(
        (await rawGet(photoSrc(photo.photoId, 480, 'webp'), { 'if-none-match': etag, cookie: editor })).status,
      ).toBe(304);
    });

    it('serves a photo to anyone only while the published pages show it: in a draft or taken off the site, to the Editor and the Owner alone', async () => {
      ensureSiteBuilt();
      const photo = await uploaded(await phoneJpeg({ width: 800, height: 600 }));
      const copy = photoSrc(photo.photoId, 480, 'jpeg');
      const anyone = () => fetch(`${server.url}${copy}`);
      expect((await anyone()).status).toBe(404);
      await addStaffAccount(server.services, {
        email: 'arul@example.in',
        name: 'Arul Selvam',
        role: 'office',
        password: PASSWORD,
      });
      expect(
        (
          await fetch(`${server.url}${copy}`, {
            headers: { cookie: await loginCookie(server.url, PASSWORD, {}, 'arul@example.in') },
          })
        ).status,
      ).toBe(404);

      const publish = async (content: SiteContent) => {
        const response = await postJson(
          `${server.url}/api/trpc/content.publish`,
          { json: content },
          { cookie: editor },
        );
        expect(response.status, await response.clone().text()).toBe(200);
      };
      const starting = startingSiteContent();
      await publish({
        ...starting,
        gallery: [
          { title: 'Sports Day', category: 'Garden', image: { ...photo, alt: 'Children running a race' } },
          ...starting.gallery,
        ],
      });
      const shown = await anyone();
      expect(shown.status).toBe(200);
      // Kept by caches for an hour at most, then asked again with its ETag: a photo taken off the site leaves them within the hour.
      expect(shown.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
      const etag = shown.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      expect((await rawGet(copy, { 'if-none-match': etag })).status).toBe(304);
      // The published pages are written owner-only too, once compressed at full effort (in the background, renamed into place whole).
      const pagesDir = path.join(server.dataDir, 'published-pages');
      const storedSet = () =>
        fs.existsSync(pagesDir) ? fs.readdirSync(pagesDir).find((name) => !name.endsWith('.tmp')) : undefined;
      while (!storedSet()) await new Promise((resolve) => setTimeout(resolve, 100));
      const setDir = path.join(pagesDir, storedSet()!);
      const pageFiles = fs.readdirSync(setDir);
      expect(pageFiles).toContain('gallery.html.br');
      expect([modeOf(pagesDir), modeOf(setDir)]).toEqual([0o700, 0o700]);
      expect(pageFiles.filter((name) => modeOf(path.join(setDir, name)) !== 0o600)).toEqual([]);

      await publish(starting);
      expect((await anyone()).status).toBe(404);
      expect((await rawGet(copy, { 'if-none-match': etag })).status).toBe(404);
      expect((await fetch(`${server.url}${copy}`, { headers: { cookie: editor } })).status).toBe(200);
    });
  },
);

describe('the photos folder at start', () => {
  it('removes the temporary copies a crash left half-written and the whole copies of an upload killed before it was recorded, and makes copies from older versions owner-only', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-start-'));
    try {
      const dir = photosDir(dataDir);
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const recorded = '0123456789abcdef01234567';
      const storage = await openStorage(dataDir);
      await createPhotoRepository(storage).add({
        id: recorded,
        width: 480,
        height: 360,
        uploadedAt: '2026-11-21T04:00:00.000Z',
        accountId: null,
        uploadBytes: 1000,
      });
      await storage.close();
      const [copy] = photoFileNames(recorded, 480);
      const leftovers = [`.${copy}.4242-0a1b2c3d.tmp`, `.${copy}.777-ffffffff.tmp`];
      for (const name of leftovers) fs.writeFileSync(path.join(dir, name), 'half a photo', { mode: 0o644 });
      fs.writeFileSync(path.join(dir, copy!), 'a whole photo', { mode: 0o644 });
      // The copies of an upload killed after they were made and before its row was written: listed nowhere.
      const unrecorded = photoFileNames('fedcba9876543210fedcba98', 480);
      for (const name of unrecorded)
        fs.writeFileSync(path.join(dir, name), 'a whole photo nobody has', { mode: 0o600 });
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'the operator’s own file', { mode: 0o644 });

      const server = await startTestServer({}, { dataDir, servePages: false });
      await server.close();
      expect(fs.readdirSync(dir).sort()).toEqual([copy, 'notes.txt'].sort());
      expect(modeOf(path.join(dir, copy!))).toBe(0o600);
      expect(
        server.log.records.find((record) => record.message === 'Removed half-written photo copies')?.fields,
      ).toMatchObject({ count: 2 });
      expect(
        server.log.records.find(
          (record) => record.message === 'Removed the copies of photos never recorded (an upload stopped midway)',
        )?.fields,
      ).toMatchObject({ count: unrecorded.length });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
