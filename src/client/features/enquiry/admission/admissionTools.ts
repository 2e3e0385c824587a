import { admissionFormSchema, type AdmissionForm, type AdmissionFormInput } from '#shared/enquiries/admissionForm.ts';
import { apiClient } from '#client/api/apiClient.ts';
import type { FormTools } from '../enquiryFormOptions';
import { validateWith } from '../validation';

/** Loaded by the admission form once the parent starts filling it in: the shared schema and the tRPC procedure. */
export const admissionTools: FormTools<keyof AdmissionFormInput, AdmissionForm> = {
  // The birth-date window is checked against today each time.
  validate: (values) => validateWith(admissionFormSchema(), values),
  send: (data, envelope) => apiClient().enquiries.submitAdmission.mutate({ ...data, ...envelope }),
};
