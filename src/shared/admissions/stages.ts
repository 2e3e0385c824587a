import { z } from 'zod';

/**
 * Where a family is on the way from enquiry to admission (issue 24): the Admissions page's five
 * steps as the office works them, in order, then the two ways an enquiry closes without a place.
 * A stage sits beside the spec's status (Yet to respond / Responded), which keeps its meaning.
 */
export const admissionStages = [
  'enquiry',
  'visit-booked',
  'visited',
  'offered',
  'documents-received',
  'enrolled',
  'waitlisted',
  'not-proceeding',
] as const;

export type AdmissionStage = (typeof admissionStages)[number];

export const stageLabels: Record<AdmissionStage, string> = {
  enquiry: 'Enquiry',
  'visit-booked': 'Visit booked',
  visited: 'Visited',
  offered: 'Offered',
  'documents-received': 'Documents received',
  enrolled: 'Enrolled',
  waitlisted: 'Waitlisted',
  'not-proceeding': 'Not proceeding',
};

/** What reaching a stage means, where the label alone does not say it. */
export const stageHints: Partial<Record<AdmissionStage, string>> = {
  offered: 'Confirmation sent',
};

/** The stages that close an enquiry without a place; moving to one needs a reason. */
export const closingStages: readonly AdmissionStage[] = ['waitlisted', 'not-proceeding'];

export const isClosingStage = (stage: AdmissionStage): boolean => closingStages.includes(stage);

export const STAGE_REASON_MAX = 500;

/** Moving an admission enquiry to a stage; the server checks it with this same schema. */
export const stageMoveSchema = z
  .object({
    id: z.number().int().positive(),
    stage: z.enum(admissionStages),
    reason: z
      .string()
      .trim()
      .max(STAGE_REASON_MAX, `Please keep the reason under ${STAGE_REASON_MAX} characters.`)
      .optional(),
  })
  .superRefine((move, context) => {
    if (isClosingStage(move.stage) && !move.reason) {
      context.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `Please say why the enquiry is ${stageLabels[move.stage].toLowerCase()}.`,
      });
    }
  });

export type StageMove = z.infer<typeof stageMoveSchema>;
