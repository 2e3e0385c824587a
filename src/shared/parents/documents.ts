import { z } from '#shared/zod.ts';

/** The documents of the Parents' Corner (issue 37): PDFs the office uploads, opened only by a signed-in parent. */

/** A handbook with photos fits; a scan of a whole year's papers does not belong here. */
export const PARENT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const PARENT_DOCUMENT_PATH = '/api/parents/documents';

export const parentDocumentHref = (id: number) => `${PARENT_DOCUMENT_PATH}/${id}`;

export const parentDocumentMessages = {
  titleMissing: 'Please give the document a title.',
  titleTooLong: 'Please keep the title under 120 characters.',
  descriptionTooLong: 'Please keep the description under 300 characters.',
  notAPdf: 'This file is not a PDF. Please choose the document saved as PDF.',
  tooLarge: `This file is larger than ${PARENT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB. Please save a smaller PDF (for example with smaller pictures).`,
  uploadGone: 'This upload is no longer there. Please choose the file again.',
  gone: 'This document is no longer in the Parents’ Corner.',
  /** To a parent, for a document removed, without a file or whose file is missing. */
  notAvailable: 'This document is not available. Please ask the school office for it.',
} as const;

export const parentDocumentLabels = {
  title: 'Title',
  description: 'Description',
  file: 'PDF file',
} as const;

/** `fileId`: a file uploaded by `uploadDocumentFile`, to attach (a new document's, or replacing the one it had). */
export const parentDocumentSchema = z.object({
  title: z.string().trim().min(1, parentDocumentMessages.titleMissing).max(120, parentDocumentMessages.titleTooLong),
  description: z.string().trim().max(300, parentDocumentMessages.descriptionTooLong),
  fileId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});

export type ParentDocumentInput = z.infer<typeof parentDocumentSchema>;

export const editParentDocumentSchema = parentDocumentSchema.extend({ id: z.number().int().positive() });

/** A document as the office's list shows it: with or without its file. */
export type OfficeParentDocument = {
  id: number;
  title: string;
  description: string;
  /** `missing`: the row names a file the folder does not hold (after a restore: documents are not in the backups, decision 0056). */
  file: { bytes: number; uploadedAt: string; missing: boolean } | null;
  updatedAt: string;
  updatedBy: string | null;
};
