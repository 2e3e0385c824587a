import { useState } from 'react';
import { formPostAddress } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { readEmbeddedPostResult } from './embeddedPostResult';
import { initialValues, valuesTypedBeforeHydration } from './formState';
import { useFormPostResult } from './postResultContext';

/**
 * Where a form starts: the outcome of a post without JavaScript, if the page answers one (on the
 * server the context holds it; in the browser the page carries it as data), and what the parent
 * typed before hydration.
 */
export function useFormStart<Field extends string>(
  form: EnquiryKind,
  action: string,
  fields: readonly Field[],
  empty: Record<Field, string>,
) {
  const serverPostResult = useFormPostResult(form);
  const [postResult] = useState(() => serverPostResult ?? readEmbeddedPostResult(form));
  const [typedEarly] = useState(() =>
    valuesTypedBeforeHydration(formPostAddress(action), fields, initialValues(empty, postResult)),
  );
  return { postResult, typedEarly, startingValues: () => typedEarly ?? initialValues(empty, postResult) };
}
