import { useEffect, useRef } from 'react';

type FocusTarget = 'invalid' | 'success' | 'first';

/**
 * Focus follows the outcome, once it is rendered: the error summary (so it is read out whole), the
 * thank-you heading, or the first field of a fresh form.
 */
export function useOutcomeFocus(firstField: string | undefined) {
  const formRef = useRef<HTMLFormElement>(null);
  const successHeadingRef = useRef<HTMLHeadingElement>(null);
  const errorSummaryRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'success') {
      // Centred, so the sticky header does not hide the top of the thank-you card.
      successHeadingRef.current?.focus({ preventScroll: true });
      successHeadingRef.current?.scrollIntoView({ block: 'center' });
      return;
    }
    if (target === 'invalid') errorSummaryRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`[data-field="${firstField}"]`)?.focus();
  });

  return {
    formRef,
    successHeadingRef,
    errorSummaryRef,
    focusAfterRender: (target: FocusTarget) => {
      focusNext.current = target;
    },
  };
}
