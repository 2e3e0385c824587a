/**
 * Generates the placeholder illustrations in public/images from the content data.
 *
 *   npx tsx scripts/generate-illustrations.ts
 *
 * Every Image in src/content (hero slides, team photos, awards, gallery, blog) gets a
 * small, text-free SVG at its src with its width and height; the alt text becomes the
 * SVG <title>. It also writes public/favicon.svg and a raster Open Graph picture,
 * public/images/og-default.png, encoded with Node's zlib only.
 *
 * The output is deterministic: the same data always gives byte-identical files.
 * Replace any file with a real photo later (keep the data's width/height in step).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { awards } from '../src/content/awards';
import { blogPosts } from '../src/content/blog';
import { galleryImages, type GalleryCategory } from '../src/content/gallery';
import { heroSlides } from '../src/content/hero';
import type { Image } from '../src/content/images';
import { school } from '../src/content/school';
import { team } from '../src/content/team';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'public');

// ---------------------------------------------------------------------------
// Palette and randomness

const C = {
  leaf: '#5b8c5a',
  leafLight: '#8fb97a',
  leafPale: '#c5dcb0',
  leafDark: '#3e6b48',
  sand: '#f3e6cf',
  sandMid: '#e6cfa6',
  sandDark: '#d2b183',
  terracotta: '#c8654a',
  terraLight: '#e0937a',
  sky: '#b9dcee',
  skyMid: '#86bfdc',
  skyDeep: '#4f8fb5',
  cream: '#fbf6ec',
  wood: '#b98a5a',
  woodDark: '#8d6440',
  gold: '#e3b04b',
  pink: '#e9a7a2',
  slate: '#4a5a63',
  white: '#ffffff',
} as const;

const skins = ['#8a5a3c', '#a56b46', '#c08457', '#6f4630', '#b97a52'] as const;
const hairs = ['#2b2220', '#3b2a22', '#1f1a18', '#4a3426'] as const;
const shirts = [C.terracotta, C.leaf, C.skyDeep, C.gold, C.terraLight, C.leafDark, '#9b6fa8', '#d98c3f'] as const;

type Rng = () => number;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32, seeded from a string */
function rng(seed: string): Rng {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], r: Rng): T {
  const item = items[Math.floor(r() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function between(r: Rng, min: number, max: number): number {
  return min + r() * (max - min);
}

// ---------------------------------------------------------------------------
// SVG primitives (numbers rounded to keep the files small)

const n = (v: number): string => String(Math.round(v * 10) / 10);

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0): string =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ''} fill="${fill}"/>`;
const circle = (cx: number, cy: number, r: number, fill: string): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"/>`;
const path = (d: string, fill: string): string => `<path d="${d}" fill="${fill}"/>`;
const stroke = (d: string, color: string, width: number): string =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** Places a group: (x, y) is the origin of the local drawing, s its scale, flip mirrors it */
const at = (x: number, y: number, s: number, body: string, flip = false): string =>
  `<g transform="translate(${n(x)} ${n(y)}) scale(${flip ? `-${n(s)} ${n(s)}` : n(s)})">${body}</g>`;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function svgDocument(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>\n`
  );
}

// ---------------------------------------------------------------------------
// People. Local drawing: feet at (0, 0), about 100 units tall when standing.

type Pose = 'stand' | 'sit' | 'kneel';
type HairStyle = 'short' | 'long' | 'bun' | 'cap' | 'hat';
type PersonOptions = {
  pose?: Pose;
  hair?: HairStyle;
  shirt?: string;
  arm?: 'down' | 'reach' | 'up';
  dress?: boolean;
  glasses?: boolean;
};

function person(r: Rng, o: PersonOptions = {}): string {
  const skin = pick(skins, r);
  const hairColor = pick(hairs, r);
  const shirt = o.shirt ?? pick(shirts, r);
  const legs = pick([C.slate, C.woodDark, C.skyDeep, '#5d4b6b'], r);
  const pose = o.pose ?? 'stand';
  const drop = pose === 'sit' ? 30 : pose === 'kneel' ? 22 : 0;
  let out = '';
  if (pose === 'stand') {
    out += o.dress
      ? path('M-14 -36L-18 -8L18 -8L14 -36Z', shirt) + rect(-10, -10, 7, 10, skin) + rect(3, -10, 7, 10, skin)
      : rect(-11, -38, 9, 38, legs, 3) + rect(2, -38, 9, 38, legs, 3);
  } else if (pose === 'sit') {
    out += rect(-8, -14, 40, 12, legs, 5);
  } else {
    out += rect(-10, -24, 22, 24, legs, 5) + rect(-12, -8, 30, 8, legs, 4);
  }
  const y = drop;
  out += rect(-14, -70 + y, 28, 36, shirt, 9);
  if (o.arm === 'reach') out += rect(8, -66 + y, 30, 8, shirt, 4) + circle(40, -62 + y, 4.5, skin);
  else if (o.arm === 'up') out += rect(10, -96 + y, 8, 30, shirt, 4) + circle(14, -98 + y, 4.5, skin);
  else out += rect(12, -68 + y, 7, 28, shirt, 3.5) + circle(15.5, -40 + y, 4, skin);
  out += rect(-19, -68 + y, 7, 28, shirt, 3.5) + circle(-15.5, -40 + y, 4, skin);
  out += rect(-4, -76 + y, 8, 8, skin);
  const hair = o.hair ?? 'short';
  if (hair === 'long') out += rect(-14, -94 + y, 28, 32, hairColor, 10);
  out += circle(0, -87 + y, 13.5, hairColor) + circle(0, -84 + y, 12, skin);
  if (hair === 'bun') out += circle(0, -100 + y, 6, hairColor);
  if (hair === 'cap') out += path(`M-13 ${-88 + y}Q0 ${-106 + y} 13 ${-88 + y}L20 ${-88 + y}L20 ${-85 + y}L-13 ${-85 + y}Z`, C.leafDark);
  if (hair === 'hat') out += ellipse(0, -91 + y, 22, 5, C.gold) + path(`M-11 ${-91 + y}Q0 ${-108 + y} 11 ${-91 + y}Z`, C.gold);
  if (o.glasses) out += stroke(`M-9 ${-85 + y}h6M3 ${-85 + y}h6M-3 ${-85 + y}h6`, C.slate, 1.6);
  return out;
}

/** A person placed with its feet at (x, ground); h is the standing height in pixels */
function figure(r: Rng, x: number, ground: number, h: number, o: PersonOptions = {}, flip = false): string {
  return at(x, ground, h / 100, person(r, o), flip);
}

