import { Children, type ReactNode } from 'react';
import { EmbeddedPostResult } from './embeddedPostResult';
import { FormProblems, RecaptchaNotice, SubmitArea, ThankYou } from './EnquiryParts';
import { EnvelopeInputs } from './fields';
import type { useEnquiryForm } from './useEnquiryForm';

type EnquiryFormFrameProps = {
  /** The form's state, from useEnquiryForm. */
  form: Pick<
    ReturnType<typeof useEnquiryForm>,
    | 'status'
    | 'postResult'
    | 'bookingUrl'
    | 'successHeadingRef'
    | 'startAgain'
    | 'errorSummary'
    | 'errorSummaryRef'
    | 'formError'
    | 'formProps'
    | 'idempotencyKey'
    | 'recaptchaSiteKey'
  >;
  /** What the form is called: its own visible heading, or a name for screen readers where the page's heading says it. */
  name: { heading: string; headingId: string } | { label: string };
  thankYou: { title: string; text: string; buttonLabel: string };
  /** The blank form's address, for "Send Another Message" without JavaScript. */
  formPath: string;
  submitLabel: string;
  /** The form's own fields. */
  children: ReactNode;
};

/**
 * What every enquiry form has around its fields: the thank-you once it is sent; before that the
 * outcome of a post made without JavaScript and the problems to fix above the fields, and below
 * them the envelope, the submit button and reCAPTCHA's notice.
 */
export function EnquiryFormFrame({ form, name, thankYou, formPath, submitLabel, children }: EnquiryFormFrameProps) {
  if (form.status === 'sent') {
    return (
      <ThankYou
        form={form}
        title={thankYou.title}
        text={thankYou.text}
        buttonLabel={thankYou.buttonLabel}
        formPath={formPath}
      />
    );
  }

  // The fields stand among the frame's parts as if written in the form itself: React's ids (useId)
  // follow an element's place among its siblings, and the pages keep the ones they had.
  const parts = [
    ...('heading' in name
      ? [
          <h2 key="heading" id={name.headingId} className="enquiry-form__heading">
            {name.heading}
          </h2>,
        ]
      : []),
    <EmbeddedPostResult key="post-result" result={form.postResult} />,
    <FormProblems key="problems" form={form} />,
    ...Children.toArray(children),
    <EnvelopeInputs key="envelope" idempotencyKey={form.idempotencyKey} />,
    <SubmitArea key="submit" status={form.status} label={submitLabel} />,
    <RecaptchaNotice key="recaptcha" shown={form.recaptchaSiteKey !== null} />,
  ];

  return (
    <form
      className="enquiry-form"
      {...('label' in name ? { 'aria-label': name.label } : { 'aria-labelledby': name.headingId })}
      {...form.formProps}
    >
      {parts}
    </form>
  );
}
