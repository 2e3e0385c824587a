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
import { awards } from '#content/awards.ts';
import { blogPosts } from '#content/blog.ts';
import { galleryImages } from '#content/gallery.ts';
import type { GalleryCategory } from '#content/galleryCategories.ts';
import { heroSlides } from '#content/hero.ts';
import type { Image } from '#content/images.ts';
import { school } from '#content/school.ts';
import { team } from '#content/team.ts';

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

/** Path pieces, so that many shapes of one color can share a single <path> */
const rp = (x: number, y: number, w: number, h: number): string => `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
const cp = (cx: number, cy: number, r: number): string =>
  `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0z`;
/** A row of round beads drawn as one dotted line */
const dots = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color: string,
  size: number,
  gap: number,
  offset = 0,
): string =>
  `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${color}" stroke-width="${n(size)}" stroke-linecap="round" stroke-dasharray="0 ${n(gap)}"${offset ? ` stroke-dashoffset="${n(offset)}"` : ''}/>`;

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
  const y = pose === 'sit' ? 30 : pose === 'kneel' ? 22 : 0;
  let skinD = rp(-4, -76 + y, 8, 8) + cp(0, -84 + y, 12) + cp(-15.5, -40 + y, 4);
  let shirtD = `M-14 ${-62 + y}q0 -8 8 -8h12q8 0 8 8v28h-28z` + rp(-19, -68 + y, 7, 28);
  let legD = '';
  if (pose === 'stand') {
    if (o.dress) {
      shirtD += 'M-14 -36L-18 -8L18 -8L14 -36Z';
      skinD += rp(-10, -10, 7, 10) + rp(3, -10, 7, 10);
    } else legD = rp(-11, -38, 9, 38) + rp(2, -38, 9, 38);
  } else if (pose === 'sit') legD = rp(-8, -14, 40, 12);
  else legD = rp(-10, -24, 22, 24) + rp(-12, -8, 30, 8);
  if (o.arm === 'reach') {
    shirtD += rp(8, -66 + y, 30, 8);
    skinD += cp(40, -62 + y, 4.5);
  } else if (o.arm === 'up') {
    shirtD += rp(10, -96 + y, 8, 30);
    skinD += cp(14, -98 + y, 4.5);
  } else {
    shirtD += rp(12, -68 + y, 7, 28);
    skinD += cp(15.5, -40 + y, 4);
  }
  const hair = o.hair ?? 'short';
  let hairD = `M-13.5 ${-84 + y}a13.5 13.5 0 0 1 27 0q-6 -8 -13.5 -8t-13.5 8z`;
  if (hair === 'long') hairD += `M-14 ${-84 + y}v20h7v-20zM7 ${-84 + y}v20h7v-20z`;
  if (hair === 'bun') hairD += cp(0, -100 + y, 6);
  let out = (legD ? path(legD, legs) : '') + path(shirtD, shirt) + path(skinD, skin);
  if (hair === 'cap')
    out += path(`M-13 ${-88 + y}Q0 ${-106 + y} 13 ${-88 + y}L20 ${-88 + y}L20 ${-85 + y}L-13 ${-85 + y}Z`, C.leafDark);
  else if (hair === 'hat') out += path(`M-22 ${-91 + y}h44l-11 -4q-11 -14 -22 0z`, C.gold);
  else out += path(hairD, hairColor);
  if (o.glasses) out += stroke(`M-9 ${-85 + y}h18`, C.slate, 1.6);
  return out;
}

/** A person placed with its feet at (x, ground); h is the standing height in pixels */
function figure(r: Rng, x: number, ground: number, h: number, o: PersonOptions = {}, flip = false): string {
  return at(x, ground, h / 100, person(r, o), flip);
}

// ---------------------------------------------------------------------------
// Props. Local drawing: bottom centre at (0, 0), sized around 100 units.

const ring = (cx: number, cy: number, r: number, color: string, width: number): string =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="${color}" stroke-width="${n(width)}"/>`;

function table(w: number, h = 40): string {
  return (
    rect(-w / 2, -h, w, 7, C.wood, 2) +
    path(rp(-w / 2 + 6, -h + 7, 6, h - 7) + rp(w / 2 - 12, -h + 7, 6, h - 7), C.woodDark)
  );
}

function leaf(color: string = C.leaf): string {
  return path('M0 0Q-20 -24 0 -52Q20 -24 0 0Z', color) + stroke('M0 -2V-48', C.leafDark, 1.5);
}

const P = {
  table,
  leaf,
  shelf: (w: number): string =>
    path(rp(-w / 2, -60, w, 6) + rp(-w / 2, -30, w, 6), C.wood) +
    path(rp(-w / 2, -4, w, 4) + rp(-w / 2, -60, 6, 60) + rp(w / 2 - 6, -60, 6, 60), C.woodDark),
  rug: (w: number, color: string = C.terraLight): string => ellipse(0, 0, w / 2, w / 9, color),
  jug: (): string =>
    path('M-16 0L-19 -36Q-19 -44 -11 -46L-7 -54L8 -54L11 -46Q19 -44 19 -36L16 0Z', C.skyMid) +
    stroke('M18 -38Q30 -34 17 -18', C.skyDeep, 3) +
    rect(26, -20, 14, 20, C.sky, 2),
  blocks: (r: Rng): string => {
    let out = '';
    for (let i = 0; i < 5; i++) out += rect(-20 + between(r, -5, 5), -22 * (i + 1), 40, 20, pick(shirts, r), 2);
    return out;
  },
  book: (color: string = C.terracotta): string =>
    path('M0 -6L-34 -14L-34 -40L0 -32Z', C.cream) +
    path('M0 -6L34 -14L34 -40L0 -32Z', C.white) +
    path('M-34 -14L0 -6L34 -14L34 -10L0 -2L-34 -10Z', color),
  pinkTower: (): string => {
    let a = '';
    let b = '';
    let y = 0;
    for (let i = 0; i < 8; i++) {
      const size = 44 - i * 5;
      y -= size * 0.6;
      if (i % 2) b += rp(-size / 2, y, size, size * 0.6);
      else a += rp(-size / 2, y, size, size * 0.6);
    }
    return path(a, '#e08f8a') + path(b, C.pink);
  },
  letterBoard: (color: string): string =>
    rect(-22, -56, 44, 56, color, 3) + stroke('M-8 -14Q-14 -42 0 -44Q14 -42 8 -26Q2 -14 10 -12', C.slate, 6),
  goldenBeads: (): string => {
    let d = '';
    for (let j = 0; j < 5; j++) d += `M-45 ${-45 + j * 10}H-5`;
    return (
      rect(-50, -50, 50, 50, C.cream, 2) +
      `<path d="${d}M16 -45V-5" stroke="${C.gold}" stroke-width="8" stroke-linecap="round" stroke-dasharray="0 10"/>` +
      circle(36, -5, 4, C.gold)
    );
  },
  beadFrame: (): string => {
    let out = rect(-50, -70, 100, 70, C.wood, 3) + rect(-44, -64, 88, 58, C.cream);
    const colors = [C.leaf, C.skyDeep, C.terracotta, C.leaf];
    colors.forEach((c, row) => {
      const yy = -56 + row * 14;
      out += stroke(`M-44 ${yy}H44`, C.slate, 1) + dots(-38 + (row % 2) * 30, yy, 8 + (row % 2) * 30, yy, c, 8, 9);
    });
    return out;
  },
  puzzleMap: (r: Rng): string => {
    let out = rect(-60, -50, 120, 50, C.wood, 3) + rect(-54, -45, 108, 40, C.sky, 2);
    const blobs = [
      'M-48 -40q18 -6 30 4q4 16 -12 22q-20 2 -18 -26',
      'M-12 -38q20 -4 26 10q-6 18 -24 14q-8 -10 -2 -24',
      'M20 -36q20 0 26 12q-8 16 -24 12q-10 -10 -2 -24',
      'M-30 -16q14 -2 18 8q-10 6 -18 -8',
    ];
    for (const d of blobs) out += path(`${d}Z`, pick([C.terracotta, C.gold, C.leaf, C.pink, '#9b6fa8'], r));
    return out;
  },
  vase: (flower: string): string =>
    path('M-7 0Q-11 -12 -5 -20L5 -20Q11 -12 7 0Z', C.skyMid) +
    stroke('M0 -20L-6 -36M0 -20L0 -40M0 -20L6 -35', C.leaf, 2) +
    circle(-6, -37, 5, flower) +
    circle(0, -42, 5.5, flower) +
    circle(6, -36, 5, flower),
  beadChain: (w: number, r: Rng): string => {
    const colors = [C.terracotta, C.gold, C.skyDeep, C.leaf, C.pink];
    const first = Math.floor(r() * colors.length);
    let out = stroke(`M${n(-w / 2)} -4H${n(w / 2)}`, C.slate, 1.5);
    for (let i = 0; i < 3; i++)
      out += dots(-w / 2, -4, w / 2, -4, colors[(first + i) % colors.length] ?? C.gold, 7.2, 30, -i * 10);
    return out;
  },
  timeline: (w: number): string => {
    let out = rect(-w / 2, -14, w, 14, C.cream, 2);
    const colors = [C.skyMid, C.leafLight, C.gold, C.terraLight, C.leaf];
    colors.forEach((c, i) => (out += rect(-w / 2 + (i * w) / 5, -14, w / 5 - 2, 5, c)));
    for (let i = 0; i < 6; i++) out += circle(-w / 2 + 20 + (i * w) / 6, -6, 3, C.leafDark);
    return out;
  },
  globe: (): string =>
    stroke('M-34 -52A36 36 0 0 0 30 -30', C.woodDark, 4) +
    rect(-3, -18, 6, 14, C.woodDark) +
    rect(-18, -6, 36, 6, C.woodDark, 2) +
    circle(0, -52, 30, C.skyMid) +
    path('M-18 -68q12 -6 16 6q-4 14 -16 8q-8 -6 0 -14Z', C.leaf) +
    path('M6 -54q14 -4 16 10q-10 12 -18 2Z', C.leafLight),
  magnifier: (): string =>
    circle(0, -30, 16, C.sky) + ring(0, -30, 16, C.slate, 5) + stroke('M11 -18L26 0', C.slate, 6),
  binoculars: (): string =>
    rect(-16, -20, 13, 20, C.slate, 4) + rect(3, -20, 13, 20, C.slate, 4) + rect(-4, -16, 8, 8, C.slate),
  birds: (count: number, r: Rng): string => {
    let out = '';
    for (let i = 0; i < count; i++) {
      const x = between(r, -80, 80);
      const y = between(r, -40, 0);
      out += stroke(`M${n(x - 8)} ${n(y)}q4 -6 8 0q4 -6 8 0`, C.slate, 2);
    }
    return out;
  },
  flask: (liquid: string): string =>
    path('M-6 -50L6 -50L6 -34L22 -2L-22 -2L-6 -34Z', C.white) + path('M-14 -16L14 -16L22 -2L-22 -2Z', liquid),
  tubes: (r: Rng): string => {
    let out = rect(-30, -12, 60, 12, C.wood, 2);
    for (let i = 0; i < 4; i++)
      out +=
        rect(-24 + i * 14, -46, 8, 40, C.white, 4) +
        rect(-24 + i * 14, -24, 8, 18, pick([C.leafLight, C.pink, C.gold, C.skyMid], r), 4);
    return out;
  },
  whiteboard: (): string =>
    rect(-4, -30, 8, 30, C.woodDark) +
    rect(-64, -114, 128, 88, C.woodDark, 3) +
    rect(-60, -110, 120, 80, C.white, 2) +
    stroke('M-40 -50L-10 -96L20 -50Z', C.skyDeep, 3) +
    ring(38, -72, 14, C.terracotta, 3),
  stall: (r: Rng): string => {
    let out = rect(-70, -110, 6, 110, C.woodDark) + rect(64, -110, 6, 110, C.woodDark);
    for (let i = 0; i < 7; i++) out += path(`M${-70 + i * 20} -118h20v18q-10 8 -20 0Z`, i % 2 ? C.cream : C.terracotta);
    out += rect(-66, -44, 132, 10, C.wood) + rect(-60, -34, 120, 34, C.sandDark);
    for (let i = 0; i < 9; i++)
      out += circle(-56 + i * 14, -50, 6, pick([C.leaf, C.terracotta, C.gold, C.leafLight], r));
    return out;
  },
  laptop: (): string =>
    path('M-30 -34L30 -34L26 -4L-26 -4Z', C.slate) +
    path('M-26 -30L26 -30L23 -8L-23 -8Z', C.sky) +
    rect(-36, -4, 72, 4, C.slate, 2),
  bed: (w: number, r: Rng): string => {
    let dark = '';
    let light = '';
    let fruit = '';
    for (let x = -w / 2 + 14; x < w / 2 - 6; x += 22) {
      const h = Math.round(between(r, 14, 30));
      dark += `M${n(x)} -24q-12 ${-h / 2} -4 ${-h}q4 ${h / 2} 4 ${h}Z`;
      light += `M${n(x)} -24q12 ${-h / 2} 6 ${n(-h * 0.8)}q-6 ${n(h / 3)} -6 ${n(h * 0.8)}Z`;
      if (r() > 0.6) fruit += cp(x + 3, -24 - h * 0.5, 4);
    }
    return (
      rect(-w / 2, -26, w, 26, C.woodDark, 3) +
      rect(-w / 2 + 4, -24, w - 8, 8, '#7a5a3c') +
      path(dark, C.leaf) +
      path(light, C.leafLight) +
      (fruit ? path(fruit, C.terracotta) : '')
    );
  },
  wateringCan: (color: string = C.skyDeep): string =>
    rect(-18, -30, 36, 30, color, 4) +
    stroke('M16 -22L34 -40', color, 5) +
    ellipse(36, -42, 5, 3, color) +
    stroke('M-16 -28Q-28 -40 -10 -40', color, 3),
  compostBin: (): string =>
    rect(-30, -56, 60, 56, C.leafDark, 4) +
    rect(-34, -62, 68, 8, C.leaf, 3) +
    stroke('M-20 -40h40M-20 -26h40M-20 -12h40', C.leaf, 2),
  basket: (r: Rng): string => {
    let out = '';
    for (let i = 0; i < 6; i++)
      out += circle(-22 + i * 9, -28 - (i % 2) * 5, 8, pick([C.terracotta, C.leaf, C.gold, C.leafLight], r));
    return (
      out +
      path('M-34 -28L34 -28L26 0L-26 0Z', C.wood) +
      stroke('M-30 -18h60M-28 -9h56', C.woodDark, 2) +
      stroke('M-28 -28Q0 -64 28 -28', C.woodDark, 3)
    );
  },
  workbench: (): string =>
    table(150, 50) +
    path('M-46 -50L-46 -74L-30 -88L-14 -74L-14 -50Z', C.sandDark) +
    circle(-30, -68, 4, C.woodDark) +
    rect(10, -58, 30, 5, C.slate, 2) +
    rect(36, -66, 8, 20, C.woodDark, 2) +
    path('M48 -52L70 -52L70 -60L52 -60Z', C.slate),
  pegboard: (): string =>
    rect(-70, -60, 140, 60, C.sandDark, 3) +
    stroke('M-50 -50v34M-54 -50h8', C.slate, 4) +
    stroke('M-20 -50l10 34', C.woodDark, 4) +
    ring(20, -36, 12, C.slate, 3) +
    stroke('M48 -52v36M42 -52h12', C.terracotta, 4),
  clayPot: (color: string = C.terracotta): string =>
    path('M-16 0Q-26 -16 -14 -30L-10 -34L10 -34L14 -30Q26 -16 16 0Z', color) + ellipse(0, -34, 11, 3, '#9c4a35'),
  chair: (color: string): string =>
    rect(-10, -34, 20, 4, color) + rect(-10, -58, 4, 58, color) + rect(6, -34, 4, 34, color),
  easel: (): string =>
    stroke('M-24 0L0 -110L24 0M0 -110V0', C.woodDark, 4) +
    rect(-34, -100, 68, 52, C.white, 2) +
    stroke('M-24 -60L-8 -86L8 -70L24 -90', C.leaf, 3),
  loom: (r: Rng): string => {
    let out =
      rect(-50, -100, 100, 8, C.wood) +
      rect(-50, -20, 100, 8, C.wood) +
      rect(-50, -100, 8, 100, C.woodDark) +
      rect(42, -100, 8, 100, C.woodDark);
    for (let i = 0; i < 6; i++)
      out += rect(-42, -90 + i * 12, 84, 8, pick([C.terracotta, C.gold, C.skyDeep, C.leaf, C.pink], r));
    return out;
  },
  tree: (h: number, crown: string = C.leaf): string =>
    rect(-h * 0.05, -h * 0.55, h * 0.1, h * 0.55, C.woodDark, 3) +
    circle(0, -h * 0.72, h * 0.3, crown) +
    circle(-h * 0.2, -h * 0.6, h * 0.2, C.leafDark) +
    circle(h * 0.22, -h * 0.62, h * 0.2, C.leafLight),
  bush: (w: number): string =>
    ellipse(-w * 0.25, -w * 0.2, w * 0.3, w * 0.22, C.leafDark) +
    ellipse(w * 0.2, -w * 0.22, w * 0.32, w * 0.24, C.leaf),
  walker: (): string =>
    rect(-30, -30, 60, 22, C.wood, 3) +
    stroke('M-24 -30L-40 -70', C.woodDark, 5) +
    rect(-22, -40, 14, 10, C.terracotta) +
    rect(-4, -40, 14, 10, C.skyDeep) +
    circle(-20, -6, 8, C.woodDark) +
    circle(20, -6, 8, C.woodDark),
  plate: (): string => ellipse(0, -3, 16, 4, C.white) + path('M-10 -6Q0 -16 10 -6Q0 -10 -10 -6Z', C.gold),
  cushion: (color: string): string => ellipse(0, -8, 30, 9, color),
  tap: (): string =>
    rect(-4, -70, 8, 40, C.slate) + rect(-4, -70, 22, 6, C.slate, 3) + rect(-26, -30, 52, 10, C.white, 3),
  door: (): string =>
    rect(-40, -150, 80, 150, C.wood, 3) + rect(-32, -140, 64, 60, C.woodDark, 2) + circle(28, -70, 4, C.gold),
  trophy: (): string =>
    rect(-26, -10, 52, 10, C.woodDark, 2) +
    rect(-16, -22, 32, 12, C.woodDark, 2) +
    rect(-5, -44, 10, 22, C.gold) +
    path('M-30 -100L30 -100Q30 -54 0 -44Q-30 -54 -30 -100Z', C.gold) +
    stroke('M-30 -92Q-48 -90 -36 -68M30 -92Q48 -90 36 -68', C.gold, 5) +
    path('M-12 -94L-4 -94Q-6 -70 -2 -58Q-14 -66 -12 -94Z', '#f3d78e'),
  certificate: (): string =>
    rect(-80, -110, 160, 110, C.woodDark, 4) +
    rect(-72, -102, 144, 94, C.cream, 2) +
    stroke('M-52 -80h104M-52 -66h80M-52 -52h96', C.sandDark, 4) +
    path('M34 -28L28 4L40 -6L50 6L48 -28Z', C.leaf) +
    circle(42, -34, 16, C.leaf) +
    circle(42, -34, 9, C.leafPale),
  gate: (): string =>
    rect(-120, -130, 24, 130, C.terracotta, 2) +
    rect(96, -130, 24, 130, C.terracotta, 2) +
    rect(-126, -140, 36, 12, C.terraLight, 2) +
    rect(90, -140, 36, 12, C.terraLight, 2) +
    stroke('M-96 -110Q0 -150 96 -110', C.woodDark, 6),
  building: (w: number): string =>
    rect(-w / 2, -120, w, 120, C.sandMid) +
    path(`M${-w / 2 - 14} -118L0 -170L${w / 2 + 14} -118Z`, C.terracotta) +
    rect(-w / 4 - 20, -90, 40, 36, C.sky, 2) +
    rect(w / 4 - 20, -90, 40, 36, C.sky, 2) +
    rect(-16, -56, 32, 56, C.woodDark, 2),
  paddy: (w: number): string => {
    let d = '';
    for (let x = Math.round(-w / 2 + 10); x < w / 2; x += 30) d += `M${x} -4l-4 -18m4 18v-22m0 22l4 -18`;
    return rect(-w / 2, -40, w, 40, C.leafPale) + stroke(d, C.leaf, 2.5);
  },
  bowl: (): string => path('M-22 -18Q-22 0 0 0Q22 0 22 -18Z', C.gold) + ellipse(0, -18, 22, 5, '#f0cf7c'),
  letterTiles: (r: Rng): string => {
    let out = '';
    for (let i = 0; i < 4; i++) {
      const x = -48 + i * 26;
      out +=
        rect(x, -26, 22, 26, C.cream, 2) +
        stroke(`M${x + 6} -6q4 -18 10 -8q-2 6 -6 4`, pick([C.terracotta, C.skyDeep], r), 3);
    }
    return out;
  },
  sapling: (): string =>
    ellipse(0, -4, 34, 8, '#7a5a3c') +
    stroke('M0 -6V-56', C.leafDark, 3) +
    at(0, -30, 0.5, `<g transform="rotate(-50)">${leaf(C.leaf)}</g>`) +
    at(0, -44, 0.5, `<g transform="rotate(45)">${leaf(C.leafLight)}</g>`) +
    at(0, -54, 0.45, leaf(C.leaf)),
  bookshelf: (r: Rng): string => {
    let out = rect(-60, -130, 120, 130, C.woodDark, 3);
    for (let row = 0; row < 3; row++) {
      let x = -54;
      while (x < 44) {
        const w = between(r, 6, 12);
        out += rect(x, -124 + row * 42, w, 34 - between(r, 0, 8), pick(shirts, r));
        x += w + 2;
      }
    }
    return out;
  },
  plant: (): string =>
    path('M-14 0L-18 -26L18 -26L14 0Z', C.terracotta) +
    at(-6, -24, 0.6, leaf(C.leaf)) +
    at(6, -24, 0.7, leaf(C.leafLight)),
} satisfies Record<string, (...args: never[]) => string>;

// ---------------------------------------------------------------------------
// Backgrounds. Each returns the markup and the y of the floor line.

type Backdrop = { svg: string; ground: number; u: number };

function indoor(W: number, H: number, r: Rng, wall: string = C.sand): Backdrop {
  const u = H / 600;
  const ground = H * 0.72;
  const wx = W * between(r, 0.06, 0.62);
  const ww = W * 0.22;
  const wh = H * 0.3;
  const wy = H * 0.1;
  let svg =
    rect(0, 0, W, H, wall) +
    rect(wx - 8 * u, wy - 8 * u, ww + 16 * u, wh + 16 * u, C.cream, 4) +
    rect(wx, wy, ww, wh, C.sky);
  svg +=
    circle(wx + ww * 0.3, wy + wh, wh * 0.45, C.leafPale) +
    circle(wx + ww * 0.75, wy + wh * 1.05, wh * 0.5, C.leafLight);
  svg += rect(wx + ww / 2 - 3 * u, wy, 6 * u, wh, C.cream) + rect(wx, wy + wh, ww, 10 * u, C.cream);
  svg += rect(0, ground, W, H - ground, C.sandMid) + rect(0, ground - 5 * u, W, 5 * u, C.sandDark);
  if (r() > 0.4) svg += at(W * (wx > W * 0.4 ? 0.08 : 0.93), ground, 2.2 * u, P.plant());
  return { svg, ground, u };
}

function outdoor(W: number, H: number, r: Rng): Backdrop {
  const u = H / 600;
  const ground = H * 0.74;
  let svg = rect(0, 0, W, H, C.sky) + circle(W * between(r, 0.1, 0.9), H * 0.16, 40 * u, C.gold);
  for (let i = 0; i < 2; i++) {
    const cx = W * between(r, 0.1, 0.9);
    const cy = H * between(r, 0.1, 0.3);
    svg += ellipse(cx, cy, 60 * u, 16 * u, C.white) + ellipse(cx + 24 * u, cy - 10 * u, 34 * u, 16 * u, C.white);
  }
  svg +=
    ellipse(W * 0.2, ground + 20 * u, W * 0.45, 120 * u, C.leafPale) +
    ellipse(W * 0.85, ground + 30 * u, W * 0.4, 150 * u, '#a9cc92');
  svg += rect(0, ground, W, H - ground, C.leafLight) + rect(0, ground, W, 6 * u, C.leaf);
  return { svg, ground, u };
}

// ---------------------------------------------------------------------------
// Scenes: (width, height, random) -> SVG body

type Scene = (W: number, H: number, r: Rng) => string;

const marigold = '#e8892b';

const gallerySceneById: Record<string, Scene> = {
  'toddler-pouring-water': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.62, g, 2.4 * u, P.shelf(150)) +
      at(W * 0.56, g - 144 * u, 1.6 * u, P.jug()) +
      at(W * 0.74, g - 72 * u, 1.4 * u, P.plate()) +
      figure(r, W * 0.34, g + 30 * u, 140 * u, { arm: 'reach', dress: true })
    );
  },
  'toddler-stacking-blocks': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 70 * u, 3 * u, P.rug(200, C.leafPale)) +
      at(W * 0.5, g + 60 * u, 1.8 * u, P.blocks(r)) +
      figure(r, W * 0.3, g + 80 * u, 130 * u, { pose: 'sit', arm: 'reach' }) +
      figure(r, W * 0.7, g + 80 * u, 130 * u, { pose: 'sit', arm: 'up', hair: 'long' }, true)
    );
  },
  'toddler-snack-time': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 40 * u, 2.6 * u, P.table(150, 36)) +
      at(W * 0.42, g - 54 * u, 2 * u, P.plate()) +
      at(W * 0.58, g - 54 * u, 2 * u, P.plate()) +
      figure(r, W * 0.24, g + 50 * u, 140 * u, { arm: 'reach' }) +
      figure(r, W * 0.76, g + 50 * u, 140 * u, { arm: 'reach', dress: true }, true)
    );
  },
  'toddler-story-corner': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.cream);
    return (
      svg +
      at(W * 0.45, g + 60 * u, 3 * u, P.cushion(C.terraLight)) +
      figure(r, W * 0.4, g + 50 * u, 230 * u, { pose: 'sit', hair: 'bun', shirt: C.leaf }) +
      at(W * 0.45, g + 30 * u, 1.6 * u, P.book(C.skyDeep)) +
      figure(r, W * 0.68, g + 80 * u, 120 * u, { pose: 'sit' }, true) +
      figure(r, W * 0.82, g + 70 * u, 120 * u, { pose: 'sit', hair: 'long' }, true) +
      figure(r, W * 0.2, g + 85 * u, 120 * u, { pose: 'sit' })
    );
  },
  'toddler-garden-walk': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.78, g + 10 * u, 1, P.tree(420 * u)) +
      at(W * 0.5, g + 60 * u, 1.8 * u, P.walker()) +
      figure(r, W * 0.36, g + 60 * u, 140 * u, { arm: 'reach', dress: true }) +
      at(W * 0.14, g + 40 * u, u, P.bush(120))
    );
  },
  'primary-pink-tower': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.52, g + 70 * u, 3 * u, P.rug(180, C.skyMid)) +
      at(W * 0.58, g + 64 * u, 1.7 * u, P.pinkTower()) +
      figure(r, W * 0.34, g + 76 * u, 170 * u, { pose: 'kneel', arm: 'reach' })
    );
  },
  'primary-sandpaper-letters': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 30 * u, 2.4 * u, P.table(170, 40)) +
      at(W * 0.42, g - 66 * u, 1.5 * u, P.letterBoard(C.pink)) +
      at(W * 0.56, g - 66 * u, 1.5 * u, P.letterBoard(C.skyMid)) +
      figure(r, W * 0.26, g + 40 * u, 170 * u, { arm: 'reach' }) +
      figure(r, W * 0.8, g + 40 * u, 240 * u, { hair: 'long', shirt: C.leaf }, true)
    );
  },
  'primary-golden-beads': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 80 * u, 3.4 * u, P.rug(200, C.cream)) +
      at(W * 0.5, g + 76 * u, 2 * u, P.goldenBeads()) +
      figure(r, W * 0.24, g + 86 * u, 170 * u, { pose: 'kneel', arm: 'reach' }) +
      figure(r, W * 0.8, g + 86 * u, 165 * u, { pose: 'kneel', hair: 'long' }, true)
    );
  },
  'primary-puzzle-map': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.55, g + 30 * u, 2.4 * u, P.table(160, 40)) +
      at(W * 0.55, g - 66 * u, 1.6 * u, P.puzzleMap(r)) +
      figure(r, W * 0.28, g + 40 * u, 175 * u, { arm: 'reach', hair: 'long', dress: true })
    );
  },
  'primary-flower-arranging': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.56, g + 30 * u, 2.4 * u, P.table(150, 40)) +
      at(W * 0.48, g - 66 * u, 1.8 * u, P.vase(marigold)) +
      at(W * 0.6, g - 66 * u, 1.8 * u, P.vase(C.gold)) +
      at(W * 0.7, g - 66 * u, 1.6 * u, P.leaf()) +
      figure(r, W * 0.28, g + 40 * u, 175 * u, { arm: 'reach', dress: true, hair: 'long' })
    );
  },
  'elementary-bead-chains': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 70 * u, 1.5 * u, P.beadChain((W * 0.75) / (1.5 * u), r)) +
      figure(r, W * 0.2, g + 60 * u, 190 * u, { pose: 'kneel', arm: 'reach' }) +
      figure(r, W * 0.55, g + 60 * u, 185 * u, { pose: 'kneel', hair: 'long' }) +
      figure(r, W * 0.84, g + 60 * u, 190 * u, { pose: 'kneel' }, true)
    );
  },
  'elementary-timeline-of-life': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 100 * u, 2 * u, P.timeline((W * 0.8) / (2 * u))) +
      figure(r, W * 0.3, g + 70 * u, 190 * u, { pose: 'kneel', arm: 'reach', hair: 'long' }) +
      figure(r, W * 0.72, g + 70 * u, 190 * u, { pose: 'kneel', arm: 'reach' }, true)
    );
  },
  'elementary-globe-work': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 30 * u, 2.4 * u, P.table(130, 40)) +
      at(W * 0.5, g - 66 * u, 1.8 * u, P.globe()) +
      figure(r, W * 0.24, g + 40 * u, 200 * u, { arm: 'reach' }) +
      figure(r, W * 0.78, g + 40 * u, 195 * u, { arm: 'up', hair: 'long' }, true) +
      figure(r, W * 0.9, g + 50 * u, 190 * u, {}, true)
    );
  },
  'elementary-leaf-study': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.leafPale);
    return (
      svg +
      at(W * 0.56, g + 30 * u, 2.4 * u, P.table(170, 40)) +
      at(W * 0.5, g - 66 * u, 1.4 * u, P.leaf(C.leafLight)) +
      at(W * 0.6, g - 66 * u, 1.6 * u, P.magnifier()) +
      at(W * 0.72, g - 66 * u, 1.3 * u, P.book(C.leaf)) +
      figure(r, W * 0.3, g + 40 * u, 200 * u, { arm: 'reach', hair: 'long' })
    );
  },
  'elementary-marsh-visit': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    let reeds = '';
    for (let x = W * 0.05; x < W; x += W * 0.06)
      reeds += `M${Math.round(x)} ${Math.round(g + 20 * u)}q-6 ${n(-40 * u)} 4 ${n(-70 * u)}`;
    return (
      svg +
      rect(0, g + 20 * u, W, H - g, C.skyMid) +
      stroke(reeds, C.leafDark, 3 * u) +
      at(W * 0.6, H * 0.35, 2 * u, P.birds(5, r)) +
      figure(r, W * 0.3, H * 0.97, 200 * u, { arm: 'up', hair: 'hat' }) +
      figure(r, W * 0.5, H * 0.98, 195 * u, { arm: 'up' }) +
      at(W * 0.32, H * 0.97 - 196 * u, 1.3 * u, P.binoculars())
    );
  },
  'adolescent-science-lab': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.sky);
    return (
      svg +
      at(W * 0.5, g + 30 * u, 2.6 * u, P.table(200, 40)) +
      at(W * 0.4, g - 74 * u, 2 * u, P.flask(C.leafLight)) +
      at(W * 0.58, g - 74 * u, 1.6 * u, P.tubes(r)) +
      figure(r, W * 0.18, g + 40 * u, 240 * u, { arm: 'reach', shirt: C.white }) +
      figure(r, W * 0.84, g + 40 * u, 235 * u, { arm: 'reach', shirt: C.white, hair: 'long' }, true)
    );
  },
  'adolescent-seminar': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    let out = svg + at(W * 0.5, g + 70 * u, 1, ellipse(0, 0, W * 0.22, 36 * u, C.wood));
    [0.14, 0.3, 0.7, 0.86].forEach(
      (x, i) =>
        (out += figure(
          r,
          W * x,
          g + (i % 3 ? 40 : 90) * u,
          230 * u,
          { pose: 'sit', hair: i % 2 ? 'long' : 'short' },
          x > 0.5,
        )),
    );
    return out + figure(r, W * 0.5, g + 10 * u, 225 * u, { pose: 'sit', arm: 'up' });
  },
  'adolescent-market-stall': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.56, g + 40 * u, 2.2 * u, P.stall(r)) +
      figure(r, W * 0.5, g - 40 * u, 200 * u, { hair: 'long', arm: 'reach' }) +
      figure(r, W * 0.16, g + 60 * u, 250 * u, { hair: 'bun', arm: 'reach' }) +
      figure(r, W * 0.9, g + 60 * u, 230 * u, {}, true)
    );
  },
  'adolescent-math-workshop': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 20 * u, 2.4 * u, P.whiteboard()) +
      figure(r, W * 0.2, g + 60 * u, 240 * u, { arm: 'up' }) +
      figure(r, W * 0.82, g + 60 * u, 235 * u, { hair: 'long' }, true)
    );
  },
  'adolescent-mentoring': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.cream);
    return (
      svg +
      at(W * 0.82, g, 2 * u, P.bookshelf(r)) +
      figure(r, W * 0.34, g + 70 * u, 230 * u, { pose: 'sit', hair: 'long' }) +
      figure(r, W * 0.56, g + 80 * u, 150 * u, { pose: 'sit' }) +
      at(W * 0.46, g - 20 * u, 1.5 * u, P.book(C.gold))
    );
  },
  'garden-vegetable-beds': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.85, g, 1, P.tree(360 * u)) +
      at(W * 0.36, g + 40 * u, 2 * u, P.bed(220, r)) +
      at(W * 0.5, g + 130 * u, 2.6 * u, P.bed(230, r))
    );
  },
  'garden-watering': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.56, g + 110 * u, 2.4 * u, P.bed(200, r)) +
      figure(r, W * 0.18, g + 100 * u, 180 * u, { arm: 'reach', hair: 'hat' }) +
      at(W * 0.27, g - 10 * u, 1.5 * u, P.wateringCan()) +
      figure(r, W * 0.88, g + 80 * u, 175 * u, { arm: 'reach', dress: true }, true) +
      at(W * 0.79, g - 30 * u, 1.5 * u, P.wateringCan(C.terracotta))
    );
  },
  'garden-compost': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.58, g + 40 * u, 2.4 * u, P.compostBin()) +
      at(W * 0.8, g + 40 * u, 2.4 * u, P.compostBin()) +
      figure(r, W * 0.3, g + 70 * u, 190 * u, { arm: 'reach' }) +
      at(W * 0.4, g - 42 * u, 1.4 * u, P.bowl()) +
      at(W * 0.1, g + 30 * u, u, P.bush(140))
    );
  },
  'garden-harvest': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 90 * u, 2.8 * u, P.basket(r)) +
      figure(r, W * 0.26, g + 70 * u, 190 * u, { arm: 'up', hair: 'long' }) +
      figure(r, W * 0.74, g + 70 * u, 195 * u, { arm: 'up' }, true) +
      figure(r, W * 0.9, g + 40 * u, 170 * u, { hair: 'hat' }, true)
    );
  },
  'workshop-woodwork': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.sandMid);
    return (
      svg +
      at(W * 0.5, g - 150 * u, 2 * u, P.pegboard()) +
      at(W * 0.5, g + 40 * u, 2.4 * u, P.workbench()) +
      figure(r, W * 0.16, g + 50 * u, 200 * u, { arm: 'reach', hair: 'cap' }) +
      figure(r, W * 0.86, g + 50 * u, 195 * u, { arm: 'reach' }, true)
    );
  },
  'workshop-clay': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 30 * u, 2.6 * u, P.table(180, 40)) +
      at(W * 0.4, g - 74 * u, 1.6 * u, P.clayPot()) +
      at(W * 0.52, g - 74 * u, 1.3 * u, P.clayPot(C.terraLight)) +
      at(W * 0.63, g - 74 * u, 1.1 * u, P.clayPot(C.sandDark)) +
      figure(r, W * 0.2, g + 40 * u, 190 * u, { arm: 'reach', hair: 'long' }) +
      figure(r, W * 0.82, g + 40 * u, 190 * u, { arm: 'reach' }, true)
    );
  },
  'workshop-parent-evening': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    let out =
      svg +
      at(W * 0.14, g + 20 * u, 2 * u, P.easel()) +
      figure(r, W * 0.28, g + 20 * u, 250 * u, { hair: 'bun', arm: 'reach' }, true);
    [0.48, 0.66, 0.84].forEach(
      (x) =>
        (out +=
          at(W * x, g + 80 * u, 2.4 * u, P.chair(C.woodDark)) +
          figure(r, W * x, g + 80 * u, 250 * u, { pose: 'sit', hair: r() > 0.5 ? 'long' : 'short' }, true)),
    );
    return out;
  },
  'workshop-weaving': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.cream);
    return (
      svg +
      at(W * 0.58, g + 50 * u, 2.6 * u, P.loom(r)) +
      figure(r, W * 0.3, g + 70 * u, 200 * u, { pose: 'sit', arm: 'reach', hair: 'long' })
    );
  },
};

const categoryFallback: Record<GalleryCategory, string> = {
  'Toddler Program': 'toddler-pouring-water',
  'Primary Program': 'primary-pink-tower',
  'Elementary Program': 'elementary-globe-work',
  'Adolescent Program': 'adolescent-science-lab',
  Garden: 'garden-vegetable-beds',
  Workshops: 'workshop-woodwork',
};

const blogSceneBySlug: Record<string, Scene> = {
  'why-mixed-age-classrooms-work': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 40 * u, 2.4 * u, P.table(160, 40)) +
      at(W * 0.5, g - 56 * u, 1.5 * u, P.beadFrame()) +
      figure(r, W * 0.3, g + 50 * u, 220 * u, { arm: 'reach', hair: 'long' }) +
      figure(r, W * 0.7, g + 50 * u, 150 * u, { arm: 'reach' }, true)
    );
  },
  'our-first-cambridge-term': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 40 * u, 2.6 * u, P.table(200, 40)) +
      at(W * 0.46, g - 64 * u, 1.5 * u, P.laptop()) +
      at(W * 0.6, g - 64 * u, 1.2 * u, P.book(C.skyDeep)) +
      figure(r, W * 0.22, g + 50 * u, 240 * u, { arm: 'reach' }) +
      figure(r, W * 0.78, g + 50 * u, 235 * u, { hair: 'long', arm: 'reach' }, true) +
      figure(r, W * 0.9, g + 60 * u, 230 * u, { glasses: true }, true)
    );
  },
  'farm-trip': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 40 * u, u, P.paddy(W / u)) +
      at(W * 0.88, g, 1, P.tree(380 * u)) +
      figure(r, W * 0.3, H * 0.98, 190 * u, { hair: 'hat', arm: 'reach' }) +
      figure(r, W * 0.44, H * 0.98, 180 * u, { hair: 'hat' }) +
      figure(r, W * 0.58, H * 0.98, 240 * u, { hair: 'hat', shirt: C.cream }, true)
    );
  },
  'help-me-to-do-it-myself': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.45, g + 60 * u, 2.2 * u, P.table(120, 26)) +
      figure(r, W * 0.42, g + 60 * u - 55 * u, 150 * u, { pose: 'sit', arm: 'reach', dress: true }) +
      at(W * 0.6, g + 70 * u, 1.5 * u, ellipse(-12, -4, 10, 4, C.terracotta) + ellipse(12, -4, 10, 4, C.terracotta)) +
      at(W * 0.82, g, 2 * u, P.shelf(100))
    );
  },
  'grace-and-courtesy': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g, 2 * u, P.door()) +
      figure(r, W * 0.4, g + 60 * u, 170 * u, { arm: 'reach', dress: true, hair: 'long' }) +
      figure(r, W * 0.6, g + 60 * u, 165 * u, { arm: 'reach' }, true)
    );
  },
  'two-schools-one-family': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 70 * u, 2.4 * u, P.sapling()) +
      figure(r, W * 0.38, g + 80 * u, 170 * u, { pose: 'kneel', arm: 'reach' }) +
      figure(r, W * 0.62, g + 80 * u, 170 * u, { pose: 'kneel', arm: 'reach', hair: 'long' }, true) +
      figure(r, W * 0.2, g + 60 * u, 250 * u, { hair: 'bun' }) +
      figure(r, W * 0.8, g + 60 * u, 250 * u, {}, true)
    );
  },
  'screens-and-young-children': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.85, g, 2.2 * u, P.shelf(110)) +
      at(W * 0.85, g - 132 * u, 1.5 * u, rect(-20, -8, 40, 8, C.slate, 2)) +
      figure(r, W * 0.3, g + 80 * u, 240 * u, { pose: 'sit', hair: 'long' }) +
      at(W * 0.5, g + 80 * u, 1.4 * u, P.blocks(r)) +
      figure(r, W * 0.64, g + 80 * u, 150 * u, { pose: 'sit', arm: 'reach' }, true)
    );
  },
  'returning-to-the-classroom': (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    let out = svg + at(W * 0.5, g, 2 * u, P.building(W / (2 * u) - 40));
    [0.3, 0.5, 0.7].forEach((x) => (out += at(W * x, g + 40 * u, 1.6 * u, P.tap())));
    return (
      out +
      figure(r, W * 0.24, g + 100 * u, 170 * u, { arm: 'reach' }) +
      figure(r, W * 0.44, g + 100 * u, 165 * u, { arm: 'reach', dress: true }) +
      figure(r, W * 0.64, g + 100 * u, 170 * u, { arm: 'reach', hair: 'long' })
    );
  },
  'montessori-during-lockdown': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.sandMid);
    return (
      svg +
      at(W * 0.52, g + 40 * u, 2.4 * u, P.table(150, 30)) +
      at(W * 0.48, g - 36 * u, 1.6 * u, ellipse(0, -3, 14, 4, C.cream) + ellipse(30, -3, 14, 4, C.cream)) +
      at(W * 0.6, g - 36 * u, 1.6 * u, rect(-22, -8, 44, 6, C.wood, 3)) +
      figure(r, W * 0.3, g + 60 * u, 240 * u, { pose: 'kneel', hair: 'long', arm: 'reach' }) +
      figure(r, W * 0.76, g + 50 * u, 150 * u, { arm: 'reach' }, true)
    );
  },
  'the-power-of-practical-life': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.56, g + 50 * u, 2.4 * u, P.table(130, 30)) +
      at(W * 0.56, g - 22 * u, 1.6 * u, P.bowl()) +
      at(W * 0.66, g - 22 * u, 1.6 * u, rect(-12, -5, 24, 5, C.skyMid, 2)) +
      figure(r, W * 0.34, g + 70 * u, 160 * u, { pose: 'kneel', arm: 'reach', hair: 'long' })
    );
  },
  'writing-before-reading': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.55, g + 80 * u, 3 * u, P.rug(220, C.skyMid)) +
      at(W * 0.58, g + 70 * u, 1.8 * u, P.letterTiles(r)) +
      figure(r, W * 0.32, g + 90 * u, 170 * u, { pose: 'kneel', arm: 'reach' })
    );
  },
};

const heroScenes: Scene[] = [
  (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r);
    return (
      svg +
      at(W * 0.2, g, 2.4 * u, P.shelf(200)) +
      at(W * 0.15, g - 144 * u, 1.4 * u, P.pinkTower()) +
      at(W * 0.27, g - 144 * u, 1.6 * u, P.vase(marigold)) +
      at(W * 0.58, g + 120 * u, 4 * u, P.rug(200)) +
      at(W * 0.62, g + 110 * u, 1.6 * u, P.goldenBeads()) +
      figure(r, W * 0.5, g + 120 * u, 170 * u, { pose: 'sit', arm: 'reach', hair: 'long', dress: true }) +
      figure(r, W * 0.76, g + 120 * u, 250 * u, { pose: 'kneel', hair: 'bun', shirt: C.leaf }, true)
    );
  },
  (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g + 20 * u, 1, P.tree(620 * u)) +
      at(W * 0.12, g + 20 * u, u, P.bush(200)) +
      at(W * 0.9, g + 30 * u, u, P.bush(220)) +
      at(W * 0.75, H * 0.3, 2 * u, P.birds(4, r)) +
      figure(r, W * 0.4, g + 110 * u, 220 * u, { pose: 'sit', hair: 'long' }) +
      at(W * 0.43, g + 95 * u, 1.6 * u, P.book(C.skyDeep)) +
      figure(r, W * 0.6, g + 130 * u, 150 * u, { pose: 'sit' }, true) +
      figure(r, W * 0.68, g + 120 * u, 150 * u, { pose: 'sit', hair: 'long' }, true)
    );
  },
  (W, H, r) => {
    const { svg, ground: g, u } = outdoor(W, H, r);
    return (
      svg +
      at(W * 0.5, g, 2 * u, P.building(360)) +
      path(`M${n(W * 0.44)} ${n(g)}L${n(W * 0.56)} ${n(g)}L${n(W * 0.7)} ${n(H)}L${n(W * 0.3)} ${n(H)}Z`, C.sandMid) +
      at(W * 0.5, g + 40 * u, 2.2 * u, P.gate()) +
      at(W * 0.12, g + 30 * u, 1, P.tree(480 * u)) +
      at(W * 0.88, g + 30 * u, 1, P.tree(440 * u, C.leafLight)) +
      figure(r, W * 0.44, H * 0.98, 260 * u, { hair: 'long', arm: 'reach' }) +
      figure(r, W * 0.52, H * 0.98, 150 * u, { dress: true }) +
      figure(r, W * 0.6, H * 0.98, 270 * u, {}, true)
    );
  },
];

const awardScenes: Record<string, Scene> = {
  'best-montessori-school-omr-2023': (W, H, r) => {
    const u = H / 600;
    const g = H * 0.8;
    let curtains = '';
    for (let i = 0; i < 4; i++)
      curtains += stroke(
        `M${n(W * 0.02 + i * 28 * u)} 0v${n(g)}M${n(W * 0.98 - i * 28 * u)} 0v${n(g)}`,
        '#a9503a',
        6 * u,
      );
    return (
      rect(0, 0, W, H, '#f1dcc2') +
      rect(0, 0, W * 0.16, g, C.terracotta) +
      rect(W * 0.84, 0, W * 0.16, g, C.terracotta) +
      curtains +
      rect(0, g, W, H - g, C.wood) +
      rect(0, g, W, 8 * u, C.woodDark) +
      figure(r, W * 0.5, g + 20 * u, 260 * u, { hair: 'bun', arm: 'up', shirt: C.leaf }) +
      at(W * 0.56, g - 240 * u, 1.3 * u, P.trophy()) +
      figure(r, W * 0.3, g + 20 * u, 240 * u, { hair: 'long' }) +
      figure(r, W * 0.7, g + 20 * u, 245 * u, {}, true)
    );
  },
  'green-campus-recognition-2024': (W, H, r) => {
    const { svg, ground: g, u } = indoor(W, H, r, C.leafPale);
    return (
      svg +
      at(W * 0.5, g - 130 * u, 2.2 * u, P.certificate()) +
      at(W * 0.5, g + 40 * u, 2.4 * u, P.shelf(200)) +
      at(W * 0.34, g - 104 * u, 1.6 * u, P.plant()) +
      at(W * 0.66, g - 104 * u, 1.6 * u, P.plant()) +
      at(W * 0.5, g - 32 * u, 1.2 * u, P.clayPot()) +
      at(W * 0.9, g + 30 * u, u, P.bush(120))
    );
  },
};

// ---------------------------------------------------------------------------
// Team portraits (square)

type PortraitStyle = {
  hair: 'short' | 'long' | 'bun' | 'cap';
  shirt: string;
  bg: string;
  drape?: string;
  glasses?: boolean;
  checks?: boolean;
  apron?: boolean;
};

const portraitStyles: Record<string, PortraitStyle> = {
  'meenakshi-raghavan': { hair: 'bun', shirt: C.leaf, bg: C.sandMid, drape: C.leafLight },
  'arun-venkatesh': { hair: 'short', shirt: C.skyDeep, bg: C.leafPale },
  'shalini-iyer': { hair: 'short', shirt: C.terracotta, bg: C.sky, glasses: true },
  'priya-sundaram': { hair: 'long', shirt: C.gold, bg: '#f2cfc0' },
  'farah-siddiqui': { hair: 'long', shirt: '#9b6fa8', bg: C.leafPale, drape: '#c7a6d3' },
  'karthik-balasubramanian': { hair: 'short', shirt: C.skyMid, bg: C.sandMid, checks: true },
  'divya-ramesh': { hair: 'long', shirt: '#e8c14f', bg: C.sky },
  'deepa-krishnan': { hair: 'bun', shirt: '#8e3b46', bg: C.leafPale, drape: C.gold },
  'joseph-antony': { hair: 'cap', shirt: C.leaf, bg: C.sand, apron: true },
};

function portrait(name: string, W: number): string {
  const r = rng(name);
  const st: PortraitStyle = portraitStyles[name] ?? {
    hair: pick(['short', 'long', 'bun'] as const, r),
    shirt: pick(shirts, r),
    bg: C.sand,
  };
  const skin = pick(skins, r);
  const hair = pick(hairs, r);
  const s = W / 400;
  let out = rect(0, 0, 400, 400, C.cream) + circle(200, 200, 190, st.bg);
  if (st.hair === 'long') out += rect(126, 112, 148, 200, hair, 64);
  out += path('M60 400Q66 292 200 282Q334 292 340 400Z', st.shirt);
  if (st.checks) out += stroke('M110 330h180M96 370h208M160 290v110M240 290v110', '#6aa6c8', 6);
  if (st.drape) out += path('M118 300Q170 330 250 400L300 400Q220 320 150 288Z', st.drape);
  if (st.apron)
    out += rect(150, 300, 100, 100, C.woodDark, 10) + stroke('M160 300L178 282M240 300L222 282', C.woodDark, 8);
  out += rect(178, 230, 44, 62, skin, 16) + ellipse(200, 182, 62, 72, skin);
  if (st.hair === 'cap')
    out +=
      path('M136 168Q134 96 200 94Q268 96 264 168Z', C.leafDark) +
      path('M256 150L316 160L300 172L262 166Z', C.leafDark);
  else out += path('M136 184Q124 102 200 100Q276 102 264 184Q260 144 200 138Q148 140 136 184Z', hair);
  if (st.hair === 'bun') out += circle(200, 96, 30, hair);
  out += circle(178, 188, 6, C.slate) + circle(222, 188, 6, C.slate) + stroke('M180 222Q200 238 220 222', '#7a3b2e', 5);
  out += circle(166, 210, 9, C.terraLight) + circle(234, 210, 9, C.terraLight);
  if (st.glasses)
    out += ring(178, 188, 16, C.slate, 4) + ring(222, 188, 16, C.slate, 4) + stroke('M194 188h12', C.slate, 4);
  return s === 1 ? out : at(0, 0, s, out);
}

// ---------------------------------------------------------------------------
// Favicon and the Open Graph PNG

function favicon(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><title>${escapeXml(school.name)}</title>` +
    circle(32, 32, 31, C.cream) +
    rect(29, 34, 6, 20, C.woodDark, 2) +
    circle(32, 26, 16, C.leaf) +
    circle(22, 32, 10, C.leafDark) +
    circle(42, 31, 10, C.leafLight) +
    path('M8 54h48', C.leaf).replace('fill="#5b8c5a"', 'stroke="#5b8c5a" stroke-width="4" stroke-linecap="round"') +
    '</svg>\n'
  );
}

const crcTable = new Uint32Array(256).map((_, k) => {
  let c = k;
  for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(typed.length + 8);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed), typed.length + 4);
  return out;
}

type Shape = { hit: (x: number, y: number) => boolean; color: readonly [number, number, number] };

function hex(color: string): readonly [number, number, number] {
  const v = parseInt(color.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const inCircle = (cx: number, cy: number, r: number) => (x: number, y: number) =>
  (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const inEllipse = (cx: number, cy: number, rx: number, ry: number) => (x: number, y: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const inRect = (x0: number, y0: number, w: number, h: number) => (x: number, y: number) =>
  x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;

const inTriangle =
  (x1: number, y1: number, x2: number, y2: number, x3: number, y3: number) => (x: number, y: number) => {
    const side = (ax: number, ay: number, bx: number, by: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const a = side(x1, y1, x2, y2);
    const b = side(x2, y2, x3, y3);
    const c = side(x3, y3, x1, y1);
    return (a >= 0 && b >= 0 && c >= 0) || (a <= 0 && b <= 0 && c <= 0);
  };

function ogPng(width: number, height: number): Buffer {
  // Shapes from front to back; the first hit wins.
  const shapes: Shape[] = [
    { hit: inCircle(255, 300, 60), color: hex(C.leafDark) },
    { hit: inCircle(345, 300, 62), color: hex(C.leafLight) },
    { hit: inCircle(300, 250, 90), color: hex(C.leaf) },
    { hit: inRect(290, 330, 20, 200), color: hex(C.woodDark) },
    { hit: inRect(625, 420, 50, 100), color: hex(C.woodDark) },
    { hit: inRect(560, 380, 50, 40), color: hex(C.sky) },
    { hit: inRect(690, 380, 50, 40), color: hex(C.sky) },
    { hit: inRect(530, 350, 240, 170), color: hex(C.sandMid) },
    { hit: inTriangle(505, 352, 650, 260, 795, 352), color: hex(C.terracotta) },
    { hit: inEllipse(820, 520, 80, 40), color: hex(C.leafDark) },
    { hit: inEllipse(900, 515, 90, 46), color: hex(C.leaf) },
    { hit: inRect(0, 510, width, height), color: hex(C.leafLight) },
    { hit: inEllipse(220, 560, 560, 160), color: hex(C.leafPale) },
    { hit: inEllipse(1000, 580, 520, 200), color: hex('#a9cc92') },
    { hit: inCircle(930, 160, 70), color: hex(C.gold) },
    { hit: inEllipse(560, 130, 90, 24), color: hex(C.white) },
    { hit: inEllipse(600, 112, 54, 26), color: hex(C.white) },
  ];
  const top = hex('#cfe8f3');
  const bottom = hex('#eef6ea');
  const samples = [0.25, 0.75];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0;
    const t = y / height;
    const sky = top.map((v, i) => v + ((bottom[i] ?? v) - v) * t);
    for (let x = 0; x < width; x++) {
      let rr = 0;
      let gg = 0;
      let bb = 0;
      for (const sy of samples)
        for (const sx of samples) {
          const shape = shapes.find((s) => s.hit(x + sx, y + sy));
          const c = shape ? shape.color : sky;
          rr += c[0] ?? 0;
          gg += c[1] ?? 0;
          bb += c[2] ?? 0;
        }
      raw[o++] = Math.round(rr / 4);
      raw[o++] = Math.round(gg / 4);
      raw[o++] = Math.round(bb / 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

// ---------------------------------------------------------------------------
// Main

const written: { file: string; bytes: number }[] = [];

function write(publicPath: string, content: string | Buffer): void {
  const file = join(publicDir, publicPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push({ file: publicPath, bytes: Buffer.byteLength(content) });
}

const skipped: string[] = [];

/** Writes the drawing, unless the slot now points at a real photo (.jpg, .webp …), which is left alone */
function writeIllustration(image: Image, body: string): void {
  if (!image.src.startsWith('/images/')) throw new Error(`Unexpected image path ${image.src}`);
  if (!image.src.endsWith('.svg')) {
    skipped.push(image.src);
    return;
  }
  write(image.src, svgDocument(image.width, image.height, image.alt, body));
}

function fileName(src: string): string {
  return src.slice(src.lastIndexOf('/') + 1).replace(/\.svg$/, '');
}

heroSlides.forEach((slide, i) => {
  const scene = heroScenes[i % heroScenes.length];
  if (!scene) throw new Error('no hero scene');
  writeIllustration(slide.image, scene(slide.image.width, slide.image.height, rng(slide.image.src)));
});

for (const member of team) {
  writeIllustration(member.photo, portrait(fileName(member.photo.src), member.photo.width));
}

for (const award of awards) {
  const scene = awardScenes[fileName(award.image.src)] ?? awardScenes['green-campus-recognition-2024'];
  if (!scene) throw new Error('no award scene');
  writeIllustration(award.image, scene(award.image.width, award.image.height, rng(award.image.src)));
}

for (const item of galleryImages) {
  const scene = gallerySceneById[item.id] ?? gallerySceneById[categoryFallback[item.category]];
  if (!scene) throw new Error(`no scene for ${item.id}`);
  writeIllustration(item.image, scene(item.image.width, item.image.height, rng(item.image.src)));
}

const allGalleryScenes = Object.values(gallerySceneById);
for (const post of blogPosts) {
  const scene = blogSceneBySlug[post.slug] ?? pick(allGalleryScenes, rng(post.slug));
  writeIllustration(post.image, scene(post.image.width, post.image.height, rng(post.image.src)));
}

write('favicon.svg', favicon());
write(school.ogImage.src, ogPng(school.ogImage.width, school.ogImage.height));

const tooBig = written.filter((w) => w.file.endsWith('.svg') && w.bytes >= 4096);
console.log(
  `Wrote ${written.length} files to public/ (largest SVG ${Math.max(...written.filter((w) => w.file.endsWith('.svg')).map((w) => w.bytes))} bytes).`,
);
if (skipped.length > 0) console.log(`Left ${skipped.length} photo(s) untouched: ${skipped.join(', ')}`);
if (tooBig.length > 0) {
  console.error(`SVG files over 4 KB: ${tooBig.map((w) => `${w.file} (${w.bytes})`).join(', ')}`);
  process.exitCode = 1;
}
