import { createContext, useContext } from 'react';
import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';

/** Set only while the server renders the answer to a form posted without JavaScript. */
export const FormPostResultContext = createContext<FormPostResult | undefined>(undefined);

export function useFormPostResult(form: EnquiryKind): FormPostResult | undefined {
  const result = useContext(FormPostResultContext);
  return result?.form === form ? result : undefined;
}
