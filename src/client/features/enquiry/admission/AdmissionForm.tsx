import { admissionEnquiryPage } from '#content/admissionEnquiry.ts';
import { programNames, programs } from '#content/programs.ts';
import type { AdmissionForm as AdmissionFormData } from '#shared/enquiries/admissionForm.ts';
import { defaultCountryCode } from '#content/countryCodes.ts';
import { emptyForm, fieldLimits, guardianConfirmation } from '#shared/enquiries/formFields.ts';
import { enquiryForms } from '#shared/enquiries/formPostResult.ts';
import { enquiryOutcomeMessages } from '#shared/enquiries/outcomeMessages.ts';
import { programAgeHint } from '#shared/enquiries/programAge.ts';
import { EnquiryFormFrame } from '../EnquiryFormFrame';
import { CheckboxField, PhoneField, PreferredCallTimeField, SelectField, TextAreaField, TextField } from '../fields';
import { useEnquiryForm } from '../useEnquiryForm';
import type { EnquiryFormOptions } from '../enquiryFormOptions';
import { BirthDatePicker } from './BirthDatePicker';

/** The form's fields in the order they appear; the schema's keys are these (admissionForm.test.ts). */
export const admissionFieldNames = [
  'studentName',
  'birthDate',
  'parentName',
  'email',
  'countryCode',
  'phone',
  'programOfInterest',
  'preferredCallTime',
  'message',
  'guardianConfirmed',
] as const;

type AdmissionField = (typeof admissionFieldNames)[number];

export const emptyAdmissionForm = emptyForm(admissionFieldNames, { countryCode: defaultCountryCode });

const programOptions = programNames.map((name) => ({
  value: name,
  label: `${programs[name].label} (${programs[name].ageBand.label})`,
}));

const admissionFormOptions: EnquiryFormOptions<AdmissionField, AdmissionFormData> = {
  form: 'admission',
  action: enquiryForms.admission.action,
  fields: admissionFieldNames,
  empty: emptyAdmissionForm,
  tools: () => import('./admissionTools').then((module) => module.admissionTools),
  texts: {
    successToast: enquiryOutcomeMessages.admission.success,
    failureToast: enquiryOutcomeMessages.admission.failure,
  },
};

/** Only its own page imports this module, so no other page downloads the form and its client. */
export function AdmissionForm() {
  const form = useEnquiryForm(admissionFormOptions);
  const { values, setValue, error } = form;
  const { thankYou } = admissionEnquiryPage;

  return (
    <EnquiryFormFrame
      form={form}
      name={{ label: 'Admission enquiry form' }}
      thankYou={thankYou}
      formPath={enquiryForms.admission.page}
      submitLabel="Submit Enquiry"
    >
      <div className="enquiry-form__row">
        <TextField
          name="studentName"
          label="Student's Name"
          autoComplete="off"
          maxLength={fieldLimits.name}
          value={values.studentName}
          error={error('studentName')}
          onChange={(value) => setValue('studentName', value)}
        />
        <BirthDatePicker
          value={values.birthDate}
          error={error('birthDate')}
          onChange={(value) => setValue('birthDate', value)}
        />
      </div>
      <div className="enquiry-form__row">
        <TextField
          name="parentName"
          label="Parent's Name"
          autoComplete="name"
          maxLength={fieldLimits.name}
          value={values.parentName}
          error={error('parentName')}
          onChange={(value) => setValue('parentName', value)}
        />
        <TextField
          name="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          maxLength={fieldLimits.email}
          value={values.email}
          error={error('email')}
          onChange={(value) => setValue('email', value)}
        />
      </div>
      <div className="enquiry-form__row">
        <PhoneField
          countryCode={values.countryCode}
          phone={values.phone}
          countryCodeError={error('countryCode')}
          phoneError={error('phone')}
          onCountryCodeChange={(value) => setValue('countryCode', value)}
          onPhoneChange={(value) => setValue('phone', value)}
        />
        <SelectField
          name="programOfInterest"
          label="Program of Interest"
          placeholder="Select a program"
          options={programOptions}
          value={values.programOfInterest}
          error={error('programOfInterest')}
          onChange={(value) => setValue('programOfInterest', value)}
          hint={programAgeHint(values.programOfInterest, values.birthDate)}
        />
      </div>
      <div className="enquiry-form__row">
        <PreferredCallTimeField
          value={values.preferredCallTime}
          error={error('preferredCallTime')}
          onChange={(value) => setValue('preferredCallTime', value)}
        />
      </div>
      <TextAreaField
        name="message"
        label="Message"
        optional
        rows={5}
        maxLength={fieldLimits.message}
        value={values.message}
        error={error('message')}
        onChange={(value) => setValue('message', value)}
      />
      <CheckboxField
        name="guardianConfirmed"
        label={guardianConfirmation.label}
        checkedValue={guardianConfirmation.value}
        value={values.guardianConfirmed}
        error={error('guardianConfirmed')}
        onChange={(value) => setValue('guardianConfirmed', value)}
      />
    </EnquiryFormFrame>
  );
}
