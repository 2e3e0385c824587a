import { z } from '#shared/zod.ts';
import type { Validation } from './enquiryFormOptions';

/** Checks a form's values with its shared schema, giving the schema's own messages per field. */
export function validateWith<Schema extends z.ZodType>(schema: Schema, values: unknown): Validation<z.output<Schema>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, fieldErrors: z.flattenError(result.error).fieldErrors as Record<string, string[] | undefined> };
}
