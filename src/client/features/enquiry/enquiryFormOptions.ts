import type { EnquiryEnvelope } from '#shared/enquiries/envelope.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { Validation } from './outbox/delivery';

/** editing → sending → sent; or, when the network fails, queued until it is delivered. */
export type FormStatus = 'editing' | 'sending' | 'queued' | 'sent';

export type { Validation };

/** A form's schema check and its tRPC procedure: what the page loads once the parent starts filling the form in. */
export type FormTools<Field extends string, Output> = {
  /** The shared schema's check, with its messages. */
  validate(values: Record<Field, string>): Validation<Output>;
  send(data: Output, envelope: EnquiryEnvelope): Promise<unknown>;
};

export type EnquiryFormOptions<Field extends string, Output> = {
  form: EnquiryKind;
  /** Where the form posts without JavaScript. */
  action: string;
  /** The fields in the order they appear, so focus goes to the first one that needs fixing. */
  fields: readonly Field[];
  empty: Record<Field, string>;
  /** Imports the form's tools (zod, the schema, the tRPC client): not on the page until needed. */
  tools(): Promise<FormTools<Field, Output>>;
  texts: { successToast: string; failureToast: string };
};
