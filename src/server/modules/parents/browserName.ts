/** Browsers and systems as a parent would name them, the first match of each list winning (Edge and Opera also say Chrome, Chrome also says Safari). */
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
];

const firstOf = (list: [RegExp, string][], userAgent: string) => list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Chrome on Android", "Safari on iPhone"; "An unknown browser" when the browser did not say. */
export function browserInPlainWords(userAgent: string | null): string {
  const browser = userAgent ? firstOf(browsers, userAgent) : undefined;
  const system = userAgent ? firstOf(systems, userAgent) : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'An unknown browser');
}
