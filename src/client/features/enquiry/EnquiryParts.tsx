import { type FormEvent, type MouseEvent, type Ref } from 'react';
import { Link } from 'wouter';
import { privacyNoticeLink } from '#content/links.ts';
import { thankYouAnchor, type FormPostResult } from '#shared/enquiries/formPostResult.ts';
import { pagePath } from '#shared/pagePath.ts';
import { ExternalLink } from '#client/ui/ExternalLink.tsx';
import { EmbeddedPostResult } from './embeddedPostResult';
import type { ErrorSummaryItem } from './errorSummary';
import { controlId } from './fields';
import type { FormStatus } from './enquiryFormOptions';

/** Shown above the fields when the server refused a post made without JavaScript (rate limit, failure). */
function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-alert" role="alert">
      {message}
    </p>
  );
}

const ERROR_SUMMARY_TITLE = 'There is a problem';

/** Focuses the field and brings its label into view too, which following the link alone would leave under the header. */
function goToField(event: MouseEvent<HTMLAnchorElement>, field: string) {
  const control = document.getElementById(controlId(field));
  if (!control) return;
  event.preventDefault();
  (control.closest('.field') ?? control).scrollIntoView({ block: 'start' });
  control.focus({ preventScroll: true });
}

/**
 * The GOV.UK error summary: after a send with errors, every message at the top of the form,
 * each a link to its field. It takes focus so a screen reader reads it out whole; the browser
 * focuses it itself (autofocus) in the page the server renders when JavaScript is off. It sits
 * in a live region that is always in the form, so putting it there is announced too.
 */
function ErrorSummary({ items, summaryRef }: { items: readonly ErrorSummaryItem[]; summaryRef: Ref<HTMLDivElement> }) {
  return (
    <div role="alert">
      {items.length > 0 ? (
        <div ref={summaryRef} className="error-summary" tabIndex={-1} autoFocus>
          <h2 className="error-summary__title">{ERROR_SUMMARY_TITLE}</h2>
          <ul className="error-summary__list">
            {items.map((item) => (
              <li key={item.field}>
                {item.linked ? (
                  <a href={`#${controlId(item.field)}`} onClick={(event) => goToField(event, item.field)}>
                    {item.message}
                  </a>
                ) : (
                  item.message
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

type FormProblemsProps = {
  /** The form's state, from useEnquiryForm. */
  form: {
    errorSummary: readonly ErrorSummaryItem[];
    errorSummaryRef: Ref<HTMLDivElement>;
    formError: string | undefined;
  };
};

/** Above the fields: the error summary, or, when no field is at fault, the message for the whole form. */
export function FormProblems({ form }: FormProblemsProps) {
  return (
    <>
      <ErrorSummary items={form.errorSummary} summaryRef={form.errorSummaryRef} />
      {form.errorSummary.length === 0 ? <FormError message={form.formError} /> : null}
    </>
  );
}

const SENDING_LABEL = 'Sending...';

const QUEUED_TEXT =
  'Your enquiry has not reached us yet: the connection dropped, or our website cannot take it just now. It is saved on this device and will be sent automatically as soon as it can be, or when you next open this page. You do not need to fill it in again.';

/** The submit button and, while the enquiry waits to be sent again, a plain note saying so. */
export function SubmitArea({ status, label }: { status: FormStatus; label: string }) {
  const sending = status === 'sending';
  return (
    <div className="enquiry-form__submit">
      <div className="form-status" role="status" aria-live="polite">
        {status === 'queued' ? (
          <p className="form-status__queued">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{QUEUED_TEXT}</span>
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary enquiry-form__button" disabled={sending}>
        {sending ? SENDING_LABEL : label}
      </button>
      <p className="enquiry-form__privacy">
        <Link href={pagePath(privacyNoticeLink.to)}>{privacyNoticeLink.label}</Link>
      </p>
    </div>
  );
}

/**
 * Google's terms: a site using reCAPTCHA says so, in these words with both links. Shown only
 * while reCAPTCHA is on (the form session named a site key).
 */
export function RecaptchaNotice({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="recaptcha-notice">
      This site is protected by reCAPTCHA and the Google{' '}
      <ExternalLink href="https://policies.google.com/privacy">Privacy Policy</ExternalLink> and{' '}
      <ExternalLink href="https://policies.google.com/terms">Terms of Service</ExternalLink> apply.
    </p>
  );
}

type ThankYouProps = {
  /** The sent form's state, from useEnquiryForm. */
  form: {
    postResult: FormPostResult | undefined;
    /** Where the family books a visit, after an admission enquiry. */
    bookingUrl?: string | undefined;
    successHeadingRef: Ref<HTMLHeadingElement>;
    startAgain: (event: FormEvent<HTMLFormElement>) => void;
  };
  title: string;
  text: string;
  buttonLabel: string;
  /** The blank form's address, so the button also works without JavaScript. */
  formPath: string;
};

export function ThankYou({ form, title, text, buttonLabel, formPath }: ThankYouProps) {
  return (
    <>
      <EmbeddedPostResult result={form.postResult} />
      <div className="enquiry-success" id={thankYouAnchor}>
        <svg
          className="enquiry-success__icon"
          viewBox="0 0 48 48"
          width="56"
          height="56"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="24" cy="24" r="22" fill="currentColor" opacity="0.14" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2 className="enquiry-success__title" ref={form.successHeadingRef} tabIndex={-1}>
          {title}
        </h2>
        <p className="enquiry-success__text">{text}</p>
        {form.bookingUrl && (
          <p>
            <a className="button button--primary" href={form.bookingUrl}>
              Book a visit
            </a>
          </p>
        )}
        {/* A form, so the button also brings back the blank form when JavaScript is off. */}
        <form method="get" action={formPath} onSubmit={form.startAgain}>
          <button type="submit" className="button button--primary">
            {buttonLabel}
          </button>
        </form>
      </div>
    </>
  );
}
