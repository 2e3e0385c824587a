/**
 * Random values for a JSON Schema (draft 2020-12, the keywords the OpenAPI document uses), from a
 * seed: the request side of a fuzz of the document against the server. Strings are made from the
 * schema's own patterns, read by a small generator for the ECMAScript regex syntax they use, so
 * each field takes the shape the document gives it, not one the test assumes. A keyword the
 * generator does not know (a format without a pattern, a regex construct) throws: the fuzz must
 * not pass by sending less than the document allows.
 */

export type JsonSchema = { [keyword: string]: unknown };

export type Random = {
  float(): number;
  /** An integer from min to max, both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
};

/** mulberry32: small, fast and good enough to vary test input; the seed makes a failure repeatable. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const float = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(float() * (max - min + 1));
  return {
    float,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('Nothing to pick from');
      return items[int(0, items.length - 1)]!;
    },
    chance: (probability) => float() < probability,
  };
}

/**
 * The characters free text is made of: ASCII, Tamil, other scripts, spaces of several kinds,
 * joiners and direction marks, characters outside the BMP (two UTF-16 units each), and the ones
 * a server may rightly refuse (controls, bidirectional overrides, U+FFFD). Patterns decide which
 * of them a field may hold.
 */
const characterPool: readonly string[] = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, index) => String.fromCharCode(0x20 + index)),
  ...'அஆஇகஙசஞடணதநபமயரலவழளறனாிீுூெேைொோௌ்',
  ...'éñüßçøЖжΩ学校مرحباשלום',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '😀',
  '🎓',
  '👩',
  '🏫',
  '📞',
  '𝔸',
  '𝒜',
  '𠀀',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u202e',
  '\u2066',
  '\ufffd',
];

// ---------------------------------------------------------------------------------------------
// Patterns: parsed into a small tree, then walked at random.

type CharSet = { test(character: string): boolean; ranges: [number, number][] | undefined };
type Pattern =
  | { kind: 'sequence'; items: Pattern[] }
  | { kind: 'choice'; options: Pattern[] }
  | { kind: 'repeat'; item: Pattern; min: number; max: number | undefined }
  | { kind: 'set'; set: CharSet }
  | { kind: 'text'; text: string }
  /** Anchors and lookarounds: they match no characters; the final check against the pattern enforces them. */
  | { kind: 'nothing' };

const inRanges = (ranges: [number, number][], character: string) => {
  const point = character.codePointAt(0)!;
  return ranges.some(([low, high]) => point >= low && point <= high);
};
const rangeSet = (ranges: [number, number][]): CharSet => ({
  test: (character) => inRanges(ranges, character),
  ranges,
});
const negated = (set: CharSet): CharSet => ({ test: (character) => !set.test(character), ranges: undefined });

const digitRanges: [number, number][] = [[0x30, 0x39]];
const wordRanges: [number, number][] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript's \s: WhiteSpace and LineTerminator, the characters String.prototype.trim removes. */
const spaceRanges: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const lineTerminators: [number, number][] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

class PatternReader {
  private at = 0;
  constructor(private readonly source: string) {}

  read(): Pattern {
    const pattern = this.choice();
    if (this.at < this.source.length) throw this.unsupported('an unmatched )');
    return pattern;
  }

  private unsupported(what: string): Error {
    return new Error(`The sample generator cannot read ${what} at ${this.at} in /${this.source}/`);
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.at + offset];
  }

  private choice(): Pattern {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: 'choice', options };
  }

  private sequence(): Pattern {
    const items: Pattern[] = [];
    while (this.at < this.source.length && this.peek() !== '|' && this.peek() !== ')')
      items.push(this.quantified(this.atom()));
    return { kind: 'sequence', items };
  }

  private quantified(item: Pattern): Pattern {
    const next = this.peek();
    let bounds: { min: number; max: number | undefined } | undefined;
    if (next === '*') bounds = { min: 0, max: undefined };
    else if (next === '+') bounds = { min: 1, max: undefined };
    else if (next === '?') bounds = { min: 0, max: 1 };
    else if (next === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!braces) throw this.unsupported('a { that is not a quantifier');
      this.at += braces[0].length - 1;
      bounds = {
        min: Number(braces[1]),
        max: braces[2] === undefined ? Number(braces[1]) : braces[3] === '' ? undefined : Number(braces[3]),
      };
    }
    if (!bounds) return item;
    this.at++;
    if (this.peek() === '?') this.at++;
    return { kind: 'repeat', item, ...bounds };
  }

  private atom(): Pattern {
    const character = this.source[this.at++]!;
    if (character === '^' || character === '$') return { kind: 'nothing' };
    if (character === '.') return { kind: 'set', set: negated(rangeSet(lineTerminators)) };
    if (character === '[') return { kind: 'set', set: this.characterClass() };
    if (character === '\\') {
      const escaped = this.escape();
      return 'test' in escaped ? { kind: 'set', set: escaped } : escaped;
    }
    if (character === '(') return this.group();
    if (character === ')' || character === '|') throw this.unsupported(`a misplaced ${character}`);
    return { kind: 'text', text: character };
  }

  private group(): Pattern {
    let lookaround = false;
    if (this.peek() === '?') {
      const kind = this.peek(1);
      if (kind === ':') this.at += 2;
      else if (kind === '=' || kind === '!') {
        this.at += 2;
        lookaround = true;
      } else if (kind === '<' && (this.peek(2) === '=' || this.peek(2) === '!')) {
        this.at += 3;
        lookaround = true;
      } else if (kind === '<') {
        const end = this.source.indexOf('>', this.at);
        if (end < 0) throw this.unsupported('a group name without >');
        this.at = end + 1;
      } else throw this.unsupported(`the group (?${kind ?? ''}`);
    }
    const inner = this.choice();
    if (this.source[this.at++] !== ')') throw this.unsupported('a group without )');
    return lookaround ? { kind: 'nothing' } : inner;
  }

  /** After a backslash: a class escape (\d \s \w and their negations) or one character. */
  private escape(): CharSet | { kind: 'text'; text: string } | { kind: 'nothing' } {
    const character = this.source[this.at++];
    switch (character) {
      case 'd':
        return rangeSet(digitRanges);
      case 'D':
        return negated(rangeSet(digitRanges));
      case 's':
        return rangeSet(spaceRanges);
      case 'S':
        return negated(rangeSet(spaceRanges));
      case 'w':
        return rangeSet(wordRanges);
      case 'W':
        return negated(rangeSet(wordRanges));
      case 'b':
      case 'B':
        return { kind: 'nothing' };
      default:
        return { kind: 'text', text: this.escapedCharacter(character) };
    }
  }

  private escapedCharacter(character: string | undefined): string {
    const hex = (length: number) => {
      const digits = this.source.slice(this.at, this.at + length);
      if (!new RegExp(`^[0-9a-fA-F]{${length}}$`).test(digits)) throw this.unsupported('a hexadecimal escape');
      this.at += length;
      return String.fromCodePoint(parseInt(digits, 16));
    };
    switch (character) {
      case undefined:
        throw this.unsupported('a trailing backslash');
      case 'u': {
        if (this.peek() !== '{') return hex(4);
        const end = this.source.indexOf('}', this.at);
        const point = this.source.slice(this.at + 1, end);
        this.at = end + 1;
        return String.fromCodePoint(parseInt(point, 16));
      }
      case 'x':
        return hex(2);
      case 't':
        return '\t';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 'f':
        return '\f';
      case 'v':
        return '\v';
      case '0':
        return '\0';
      default:
        if (/[1-9]/.test(character)) throw this.unsupported('a back-reference');
        return character;
    }
  }

  /** After [: ranges, single characters and class escapes, up to ]. */
  private characterClass(): CharSet {
    const isNegated = this.peek() === '^';
    if (isNegated) this.at++;
    const parts: CharSet[] = [];
    const ranges: [number, number][] = [];
    const single = (): CharSet | string => {
      const character = this.source[this.at++];
      if (character === undefined) throw this.unsupported('a class without ]');
      if (character !== '\\') return character;
      const next = this.peek();
      if (next === 'b') {
        this.at++;
        return '\b';
      }
      const escaped = this.escape();
      if ('test' in escaped) return escaped;
      if (escaped.kind !== 'text') throw this.unsupported('an escape in a class');
      return escaped.text;
    };
    while (this.peek() !== ']') {
      const low = single();
      if (typeof low !== 'string') {
        parts.push(low);
        continue;
      }
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.at++;
        const high = single();
        if (typeof high !== 'string') throw this.unsupported('a range ending in a class escape');
        ranges.push([low.codePointAt(0)!, high.codePointAt(0)!]);
      } else ranges.push([low.codePointAt(0)!, low.codePointAt(0)!]);
    }
    this.at++;
    const positive: CharSet =
      parts.length === 0
        ? rangeSet(ranges)
        : {
            test: (character) => inRanges(ranges, character) || parts.some((part) => part.test(character)),
            ranges: parts.every((part) => part.ranges)
              ? [...ranges, ...parts.flatMap((part) => part.ranges!)]
              : undefined,
          };
    return isNegated ? negated(positive) : positive;
  }
}

const parsedPatterns = new Map<string, Pattern>();
function parsePattern(source: string): Pattern {
  let pattern = parsedPatterns.get(source);
  if (!pattern) parsedPatterns.set(source, (pattern = new PatternReader(source).read()));
  return pattern;
}

/**
 * What one string is made with: its field's alphabet (the pool's characters it allows, by set),
 * the random source, the longest an open repeat runs, whether to aim at the field's limit, and
 * how many characters are made so far (open repeats stop growing past `longest`).
 */
type Making = {
  allowed(character: string): boolean;
  candidates(set: CharSet): string[];
  random: Random;
  longest: number;
  atLimit: boolean;
  made: number;
};

function making(alphabets: RegExp[], random: Random, longest: number): Making {
  const allowed = (character: string) => alphabets.every((alphabet) => alphabet.test(character));
  const bySet = new Map<CharSet, string[]>();
  const candidates = (set: CharSet) => {
    let found = bySet.get(set);
    if (!found)
      bySet.set(set, (found = characterPool.filter((character) => set.test(character) && allowed(character))));
    return found;
  };
  return { allowed, candidates, random, longest, atLimit: false, made: 0 };
}

const anyCharacter: CharSet = { test: () => true, ranges: undefined };

/** A character of the set that the field's other rules allow: from the set's own ranges when they are few, else from the pool. */
function pickCharacter(set: CharSet, { allowed, candidates, random }: Making): string {
  const size = set.ranges?.reduce((sum, [low, high]) => sum + high - low + 1, 0) ?? Infinity;
  if (size <= 0x3000) {
    for (let attempt = 0; attempt < 20; attempt++) {
      let offset = random.int(0, size - 1);
      for (const [low, high] of set.ranges!) {
        if (offset <= high - low) {
          const character = String.fromCodePoint(low + offset);
          if (allowed(character)) return character;
          break;
        }
        offset -= high - low + 1;
      }
    }
  }
  return random.pick(candidates(set));
}

function fromPattern(pattern: Pattern, how: Making): string {
  const { random, longest } = how;
  switch (pattern.kind) {
    case 'sequence':
      return pattern.items.map((item) => fromPattern(item, how)).join('');
    case 'choice':
      return fromPattern(random.pick(pattern.options), how);
    case 'set':
      how.made++;
      return pickCharacter(pattern.set, how);
    case 'text':
      how.made += [...pattern.text].length;
      return pattern.text;
    case 'nothing':
      return '';
    case 'repeat': {
      // An open-ended repeat is usually short, sometimes any length the field allows, and when
      // aiming at the limit, often right at it (the caller throws out what runs over).
      const openEnded = () =>
        how.atLimit && random.chance(0.5)
          ? Math.max(pattern.min, longest - random.int(0, 4))
          : random.int(pattern.min, pattern.min + (random.chance(0.15) ? longest : 8));
      const count = pattern.max === undefined ? openEnded() : random.int(pattern.min, pattern.max);
      let text = '';
      for (
        let index = 0;
        index < count && (index < pattern.min || pattern.max !== undefined || how.made < longest);
        index++
      )
        text += fromPattern(pattern.item, how);
      return text;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Schemas.

const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);
const asRecord = (value: unknown): Record<string, JsonSchema> =>
  value && typeof value === 'object' ? (value as Record<string, JsonSchema>) : {};

/** Two schemas a value must both satisfy, as one (the keywords this generator reads). */
function combined(first: JsonSchema, second: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...first };
  for (const [keyword, value] of Object.entries(second)) {
    const earlier = result[keyword];
    if (earlier === undefined) result[keyword] = value;
    else if (keyword === 'patterns' || keyword === 'required')
      result[keyword] = [...new Set([...(earlier as string[]), ...(value as string[])])];
    else if (keyword === 'minLength' || keyword === 'minimum' || keyword === 'minItems')
      result[keyword] = Math.max(earlier as number, value as number);
    else if (keyword === 'maxLength' || keyword === 'maximum' || keyword === 'maxItems')
      result[keyword] = Math.min(earlier as number, value as number);
    else if (keyword === 'properties' || keyword === 'dependentSchemas') {
      const properties = { ...asRecord(earlier) };
      for (const [name, schema] of Object.entries(asRecord(value)))
        properties[name] = properties[name] ? { allOf: [properties[name], schema] } : schema;
      result[keyword] = properties;
    } else result[keyword] = value;
  }
  return result;
}

/** allOf folded in, and every pattern gathered into `patterns`. */
function flattened(schema: JsonSchema): JsonSchema {
  const { allOf, pattern, ...rest } = schema;
  let flat: JsonSchema = {
    ...rest,
    patterns: [...((rest.patterns as string[] | undefined) ?? []), ...(typeof pattern === 'string' ? [pattern] : [])],
  };
  for (const part of asSchemas(allOf)) flat = combined(flat, flattened(part));
  return flat;
}

/** A pattern made only of one class repeated (^[…]*$) limits the alphabet, not the shape. */
const isAlphabetOnly = (pattern: string) => /^\^\[(?:\\.|[^\]\\])*\]\*\$$/.test(pattern);

function sampleString(schema: JsonSchema, random: Random): string {
  const patterns = schema.patterns as string[];
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = schema.maxLength as number | undefined;
  const how = making(
    patterns.filter(isAlphabetOnly).map((pattern) => new RegExp(pattern, 'u')),
    random,
    maxLength ?? 64,
  );
  const shapes = patterns.filter((pattern) => !isAlphabetOnly(pattern));
  const anchored = shapes.find((pattern) => pattern.startsWith('^'));
  const shape = anchored ?? shapes[0];
  if (schema.format !== undefined && shape === undefined)
    throw new Error(`The sample generator cannot make a ${String(schema.format)} without a pattern`);
  const freeText = (length: number) => Array.from({ length }, () => pickCharacter(anyCharacter, how)).join('');
  const checks = patterns.map((pattern) => new RegExp(pattern, 'u'));
  // A quarter of the strings sit at the field's limit, where counting characters matters most.
  const aimAtLimit = maxLength !== undefined && random.chance(0.25);
  for (let attempt = 0; attempt < 200; attempt++) {
    how.atLimit = aimAtLimit && attempt < 100;
    how.made = 0;
    let value: string;
    if (shape === undefined) {
      const longest = maxLength ?? minLength + 40;
      value = freeText(
        how.atLimit
          ? longest
          : random.chance(0.25)
            ? minLength
            : random.int(minLength, Math.min(longest, minLength + 30)),
      );
    } else {
      value = fromPattern(parsePattern(shape), how);
      // An unanchored pattern may sit anywhere in the text.
      if (!anchored && random.chance(0.5)) value = freeText(random.int(0, 5)) + value + freeText(random.int(0, 5));
    }
    const length = [...value].length;
    const fits =
      length >= minLength &&
      (maxLength === undefined || (length <= maxLength && (!how.atLimit || length >= maxLength - 1)));
    if (fits && checks.every((check) => check.test(value))) return value;
  }
  throw new Error(`The sample generator could not make a string for ${JSON.stringify(schema)}`);
}

function sampleObject(schema: JsonSchema, random: Random): Record<string, unknown> {
  let objectSchema = schema;
  const properties = () => asRecord(objectSchema.properties);
  const required = () => new Set((objectSchema.required as string[] | undefined) ?? []);
  const present = new Set(Object.keys(properties()).filter((name) => required().has(name) || random.chance(0.6)));
  for (const [name, dependent] of Object.entries(asRecord(schema.dependentSchemas))) {
    if (present.has(name)) objectSchema = combined(objectSchema, flattened(dependent));
  }
  for (const name of required()) present.add(name);
  return Object.fromEntries([...present].map((name) => [name, sample(properties()[name] ?? {}, random)]));
}

/** A random value the schema accepts (checked by the caller against a validator: this only aims at it). */
export function sample(schema: JsonSchema, random: Random): unknown {
  const flat = flattened(schema);
  const { anyOf, oneOf, ...rest } = flat;
  const branches = asSchemas(anyOf ?? oneOf);
  if (branches.length > 0) return sample(combined(rest, flattened(random.pick(branches))), random);
  if ('const' in flat) return flat.const;
  if (Array.isArray(flat.enum)) return random.pick(flat.enum);
  const type = Array.isArray(flat.type)
    ? random.pick(flat.type as string[])
    : (flat.type ?? (flat.properties ? 'object' : undefined));
  switch (type) {
    case 'object':
      return sampleObject(flat, random);
    case 'string':
      return sampleString(flat, random);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'integer':
    case 'number': {
      const minimum = (flat.minimum as number | undefined) ?? -1000;
      const maximum = (flat.maximum as number | undefined) ?? minimum + 2000;
      const integer = random.int(Math.ceil(minimum), Math.floor(maximum));
      return type === 'integer' ? integer : Math.min(maximum, integer + random.float());
    }
    case 'array': {
      const count = random.int((flat.minItems as number | undefined) ?? 0, (flat.maxItems as number | undefined) ?? 4);
      return Array.from({ length: count }, () => sample(asRecord(flat).items ?? {}, random));
    }
    default:
      throw new Error(`The sample generator cannot make a value for ${JSON.stringify(schema)}`);
  }
}
