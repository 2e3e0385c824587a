import { admissionFields } from './admissionForm';
import { contactFields } from './contactForm';
import { enquiryEnvelopeSchema, idempotencyKeyField } from './envelope';
import { withCountryCode } from './fields';

/** What the enquiry procedures take: a form's fields and the envelope, validated on the server. */
export const contactEnquiryRequestSchema = withCountryCode(contactFields.extend(enquiryEnvelopeSchema.shape));
export const admissionEnquiryRequestSchema = withCountryCode(admissionFields().extend(enquiryEnvelopeSchema.shape));

/**
 * The REST bodies (POST /api/contact, /api/admission-enquiry): the same, except that the
 * idempotency key is optional there, because it may come as an Idempotency-Key header or be
 * derived on the server (see server/modules/enquiries/rest.ts).
 */
const restEnvelopeShape = enquiryEnvelopeSchema.extend({ idempotencyKey: idempotencyKeyField.optional() }).shape;
export const contactRequestBodySchema = withCountryCode(contactFields.extend(restEnvelopeShape));
/** Made for the day `now` gives: the birth-date window the document states moves with it. */
export const admissionRequestBodySchema = (now?: () => Date) =>
  withCountryCode(admissionFields(now).extend(restEnvelopeShape));
