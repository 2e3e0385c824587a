import { createContext, useContext } from 'react';
import type { EnquiryFormName, FormPostResult } from '../../shared/enquiries/formPostResult';

/** Set only while the server renders the answer to a form posted without JavaScript. */
export const FormPostResultContext = createContext<FormPostResult | undefined>(undefined);

export function useFormPostResult(form: EnquiryFormName): FormPostResult | undefined {
  const result = useContext(FormPostResultContext);
  return result?.form === form ? result : undefined;
}
