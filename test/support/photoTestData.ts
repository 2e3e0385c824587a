/** Photos made in the test, as a phone or a careless upload would send them. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Where the test photo was "taken": the EXIF GPS block and an XMP packet naming it, as phones write both. */
const GPS_EXIF = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '12/1 57/1 30/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '80/1 14/1 36/1',
};
const GPS_XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="12,57.5N" exif:GPSLongitude="80,14.6E"/></rdf:RDF></x:xmpmeta>`;
export const TEST_CAMERA = 'AranyaTestPhone';

/**
 * A JPEG as a phone saves one held upright: the pixels stored sideways (`stored` wide, top half
 * red, bottom half blue) with EXIF orientation 6 (turn 90° clockwise to show), the camera's name
 * and GPS position in EXIF, and the position again in XMP. Shown upright it is `stored.height`
 * wide, blue on the left, red on the right.
 */
export async function phoneJpeg(
  stored: { width: number; height: number } = { width: 2400, height: 1800 },
): Promise<Buffer> {
  const { width, height } = stored;
  const red = await sharp({ create: { width, height: Math.floor(height / 2), channels: 3, background: '#d01010' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#1030d0' } })
    .composite([{ input: red, top: 0, left: 0 }])
    .withExif({ IFD0: { Make: TEST_CAMERA, Model: 'Model 1' }, IFD3: GPS_EXIF })
    .withXmp(GPS_XMP)
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, valid-looking PNG whose header declares `width` × `height` pixels: a decompression bomb's shape, a few dozen bytes. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type UploadAnswer = { photoId: string; width: number; height: number };

/** Sends a file to photos.upload as the dashboard does (the bytes as application/octet-stream), with a staff session. */
export async function uploadPhoto(
  baseUrl: string,
  cookie: string,
  body: Uint8Array | Blob | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}/api/trpc/photos.upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json()) as {
    result?: { data: { json: UploadAnswer } };
    error?: { json: { message: string } };
  };
  return { status: response.status, photo: answer.result?.data.json, message: answer.error?.json.message };
}
