import type { z } from '#shared/zod.ts';

/**
 * One part of the site content (decision 0037): what the dashboard's form holds of it and how that
 * becomes content again, beside its schema and its starting content. The registry in
 * siteContent.ts lists every part once; the schema, the starting content and the dashboard's
 * pages are made from it.
 */
export type ContentPart<Schema extends z.ZodType, Form> = {
  /** How the dashboard and the revisions name it. */
  label: string;
  /** Its schema within the whole content; content stored before the part existed gets a default. */
  schema: Schema;
  /** What ships in src/content: the part until staff first publish it. */
  starting(): z.output<Schema>;
  formOf(content: z.output<Schema>): Form;
  /** What the schema is given to check: a form may hold what it refuses (a photo not chosen yet). */
  contentOf(form: Form): unknown;
};

/** A part, its form's type read from its conversions. */
export const contentPart = <Schema extends z.ZodType, Form>(
  part: ContentPart<Schema, Form>,
): ContentPart<Schema, Form> => part;

/** An item of a list the form holds: the key keeps each item's fields its own while others come, go and move. */
export type Keyed<T> = T & { key: number };

let lastKey = 0;
export const nextKey = (): number => (lastKey += 1);
export const withKey = <T extends object>(item: T): Keyed<T> => ({ ...item, key: nextKey() });
export const withoutKey = <T extends object>({ key: _key, ...item }: Keyed<T>): T => item as T;
