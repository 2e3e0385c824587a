import { useEffect, useState } from 'react';
import { ArrowUpIcon } from '#client/ui/icons/index.tsx';
import { BACK_TO_TOP_THRESHOLD_PX, PAGE_TOP_ID } from './constants';
import { prefersReducedMotion } from '#client/ui/motion.ts';
import { shellText } from './shellText';

/** Shows once the page has scrolled past the threshold; takes the reader (and the keyboard focus) back to the top. */
export function BackToTop() {
  const [isVisible, setIsVisible] = useState(false);

  useEffect(() => {
    const update = () => setIsVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const scrollToTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
    // The next Tab then starts from the top of the page: the skip link, then the header.
    document.getElementById(PAGE_TOP_ID)?.focus({ preventScroll: true });
  };

  return (
    <button type="button" className="back-to-top" hidden={!isVisible} onClick={scrollToTop}>
      <ArrowUpIcon size={22} />
      <span className="visually-hidden">{shellText.backToTop}</span>
    </button>
  );
}
