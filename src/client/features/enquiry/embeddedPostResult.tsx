import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { isRecord } from './outbox/browserStore';

/**
 * A parent on a slow connection may send the form before the script has loaded; the server then
 * answers with the page rendered around the outcome. The outcome is written into that page as
 * data (never executed, so the strict CSP allows it), and the form starts from it when the
 * script arrives, so hydration shows the same thank-you view or messages the server rendered.
 */
const elementId = (form: EnquiryKind) => `enquiry-post-result-${form}`;

export function EmbeddedPostResult({ result }: { result: FormPostResult | undefined }) {
  if (!result) return null;
  const json = JSON.stringify(result).replace(/</g, '\\u003c');
  return <script type="application/json" id={elementId(result.form)} dangerouslySetInnerHTML={{ __html: json }} />;
}

export function readEmbeddedPostResult(form: EnquiryKind): FormPostResult | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(elementId(form))?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || value.form !== form || !isRecord(value.values) || !isRecord(value.fieldErrors))
      return undefined;
    if (value.outcome !== 'sent' && value.outcome !== 'invalid' && value.outcome !== 'failed') return undefined;
    return value as FormPostResult;
  } catch {
    return undefined;
  }
}
