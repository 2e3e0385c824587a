import { z } from '../zod';
import { programNames, type ProgramName } from '../../content/programs';
import { parseCalendarDate } from '../enquiries/birthDate';
import { typedText } from '../enquiries/fields';
import { submissionKinds } from './kinds';
import { submissionStatuses } from './status';

/** Limits of the workbench inputs: generous for people, small enough to keep every request cheap. */
export const submissionLimits = {
  searchLength: 100,
  remarksLength: 2000,
  defaultPageSize: 25,
  maxPageSize: 100,
} as const;

export const submissionKindSchema = z.enum(submissionKinds);
export const submissionStatusSchema = z.enum(submissionStatuses);
const programValues = programNames as unknown as [ProgramName, ...ProgramName[]];
export const programFilterSchema = z.enum(programValues);

/** A calendar date at the school (Asia/Kolkata), YYYY-MM-DD. */
const schoolDate = z.string().refine((value) => parseCalendarDate(value) !== undefined, 'Use a date as YYYY-MM-DD');

/** An empty text box means "no filter": '' is read as absent. */
function optional<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as Exclude<z.output<T>, ''> | undefined)));
}

/**
 * What narrows a list: free-text search over names, email and phone; status; program
 * (admission only); and a date range in the school's time zone, both ends inclusive.
 */
export const submissionFiltersSchema = z
  .object({
    // One line of visible text: SQLite's full-text search fails on a NUL.
    search: optional(typedText().trim().max(submissionLimits.searchLength, `Search is limited to ${submissionLimits.searchLength} characters`)),
    status: optional(submissionStatusSchema),
    program: optional(programFilterSchema),
    from: optional(schoolDate),
    to: optional(schoolDate),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  });

export type SubmissionFilters = z.output<typeof submissionFiltersSchema>;
export type SubmissionFiltersInput = z.input<typeof submissionFiltersSchema>;

/** One page of one tab, newest first. */
export const submissionListQuerySchema = z.intersection(
  submissionFiltersSchema,
  z.object({
    kind: submissionKindSchema,
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(submissionLimits.maxPageSize).default(submissionLimits.defaultPageSize),
  }),
);

export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;
export type SubmissionListQueryInput = z.input<typeof submissionListQuerySchema>;

/** The CSV export: one kind, with the same filters as the list (no paging: every matching row). */
export const submissionExportQuerySchema = z.intersection(submissionFiltersSchema, z.object({ kind: submissionKindSchema }));

export type SubmissionExportQuery = z.output<typeof submissionExportQuerySchema>;

/** Names one row. */
export const submissionRefSchema = z.object({
  kind: submissionKindSchema,
  id: z.number().int().positive(),
});

export type SubmissionRef = z.output<typeof submissionRefSchema>;

export const remarksSchema = typedText({ multiLine: true })
  .max(submissionLimits.remarksLength, `Remarks are limited to ${submissionLimits.remarksLength} characters`)
  .transform((value) => value.trim());

/** A change to one row: any of status, remarks and read flag; at least one. */
export const submissionUpdateSchema = submissionRefSchema
  .extend({
    status: submissionStatusSchema.optional(),
    remarks: remarksSchema.optional(),
    isRead: z.boolean().optional(),
  })
  .refine((update) => update.status !== undefined || update.remarks !== undefined || update.isRead !== undefined, {
    message: 'Nothing to change',
  });

export type SubmissionUpdate = z.output<typeof submissionUpdateSchema>;
export type SubmissionUpdateInput = z.input<typeof submissionUpdateSchema>;
