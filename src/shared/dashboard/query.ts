import { z } from '#shared/zod.ts';
import { programNames, type ProgramName } from '#content/programs.ts';
import { typedText } from '#shared/enquiries/fields.ts';
import { enquiryKinds } from '#shared/enquiries/kinds.ts';
import { enquiryStatuses } from '#shared/enquiries/status.ts';
import { admissionStages } from '#shared/admissions/stages.ts';

/** Limits of the workbench inputs: generous for people, small enough to keep every request cheap. */
export const dashboardLimits = {
  searchLength: 100,
  remarksLength: 2000,
  defaultPageSize: 25,
  maxPageSize: 100,
} as const;

export const enquiryKindSchema = z.enum(enquiryKinds);
export const enquiryStatusSchema = z.enum(enquiryStatuses);
const programValues = programNames as unknown as [ProgramName, ...ProgramName[]];
export const programFilterSchema = z.enum(programValues);
export const stageFilterSchema = z.enum(admissionStages);

/**
 * YYYY-MM-DD, a real calendar date (2025-02-30 is not), of the years 0001 to 9999: zod's ISO
 * date but the year 0, as parseCalendarDate reads dates. A pattern, so the REST document states it.
 */
const calendarDatePattern = new RegExp(`^(?!0000)${z.regexes.date.source.slice(1)}`);

/** A calendar date at the school (Asia/Kolkata), YYYY-MM-DD. */
export const schoolDate = z.string().regex(calendarDatePattern, 'Use a date as YYYY-MM-DD');

/** Both date filters read "from … to …", ends included; the start may not come after the end. */
export const dateRangeMessage = 'The start date must not be after the end date';

export const datesInOrder = (range: { from?: string | undefined; to?: string | undefined }) =>
  !range.from || !range.to || range.from <= range.to;

/** An empty text box means "no filter": '' is read as absent. */
export function optionalFilter<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .union([z.literal(''), schema])
    .optional()
    .transform((value) => (value === '' ? undefined : (value as Exclude<z.output<T>, ''> | undefined)));
}

/**
 * What narrows a list: free-text search over names, email and phone; status; program and stage
 * (admission only); and a date range in the school's time zone, both ends inclusive.
 */
export const enquiryFiltersSchema = z
  .object({
    // One line of visible text: SQLite's full-text search fails on a NUL.
    search: optionalFilter(
      typedText()
        .trim()
        .max(dashboardLimits.searchLength, `Search is limited to ${dashboardLimits.searchLength} characters`),
    ),
    status: optionalFilter(enquiryStatusSchema),
    program: optionalFilter(programFilterSchema),
    stage: optionalFilter(stageFilterSchema),
    from: optionalFilter(schoolDate),
    to: optionalFilter(schoolDate),
  })
  .refine(datesInOrder, {
    message: dateRangeMessage,
    path: ['to'],
  });

export type EnquiryFilters = z.output<typeof enquiryFiltersSchema>;
export type EnquiryFiltersInput = z.input<typeof enquiryFiltersSchema>;

/** One page of one tab, newest first. */
export const enquiryListQuerySchema = z.intersection(
  enquiryFiltersSchema,
  z.object({
    kind: enquiryKindSchema,
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(dashboardLimits.maxPageSize).default(dashboardLimits.defaultPageSize),
  }),
);

export type EnquiryListQuery = z.output<typeof enquiryListQuerySchema>;
export type EnquiryListQueryInput = z.input<typeof enquiryListQuerySchema>;

/** The CSV export: one kind, with the same filters as the list (no paging: every matching row). */
export const enquiryExportQuerySchema = z.intersection(enquiryFiltersSchema, z.object({ kind: enquiryKindSchema }));

export type EnquiryExportQuery = z.output<typeof enquiryExportQuerySchema>;

/** Names one row. */
export const enquiryRefSchema = z.object({
  kind: enquiryKindSchema,
  id: z.number().int().positive(),
});

export type EnquiryRef = z.output<typeof enquiryRefSchema>;

export const remarksSchema = typedText({ multiLine: true })
  .max(dashboardLimits.remarksLength, `Remarks are limited to ${dashboardLimits.remarksLength} characters`)
  .transform((value) => value.trim());

/** A change to one row: any of status, remarks and read flag; at least one. */
export const enquiryUpdateSchema = enquiryRefSchema
  .extend({
    status: enquiryStatusSchema.optional(),
    remarks: remarksSchema.optional(),
    isRead: z.boolean().optional(),
  })
  .refine((update) => update.status !== undefined || update.remarks !== undefined || update.isRead !== undefined, {
    message: 'Nothing to change',
  });

export type EnquiryUpdate = z.output<typeof enquiryUpdateSchema>;
export type EnquiryUpdateInput = z.input<typeof enquiryUpdateSchema>;
