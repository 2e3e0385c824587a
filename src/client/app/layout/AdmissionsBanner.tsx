import { useState } from 'react';
import { Link } from 'wouter';
import { PauseIcon, PlayIcon } from '../../ui/icons';
import { useSiteData } from '../siteData';
import { shellText } from './shellText';

/** Copies of the message in the moving strip: enough to fill a wide screen while one scrolls out. */
const COPIES = 4;

/**
 * The scrolling admissions announcement above the header. It pauses while hovered or focused,
 * has a pause button (WCAG 2.2.2), and stands still for visitors who prefer reduced motion.
 * Only the first copy is exposed to assistive technology and the keyboard.
 */
export function AdmissionsBanner() {
  const { admissionsBanner } = useSiteData();
  const [isPaused, setIsPaused] = useState(false);
  return (
    <aside className={`admissions-banner${isPaused ? ' is-paused' : ''}`} aria-label={shellText.bannerLabel}>
      <div className="admissions-banner__viewport">
        <div className="admissions-banner__track">
          {Array.from({ length: COPIES }, (_, index) => (
            <Link
              key={index}
              href={admissionsBanner.path}
              className="admissions-banner__message"
              {...(index === 0 ? {} : { 'aria-hidden': true, tabIndex: -1 })}
            >
              {admissionsBanner.text}
            </Link>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="admissions-banner__pause"
        aria-label={isPaused ? shellText.playBanner : shellText.pauseBanner}
        onClick={() => setIsPaused((paused) => !paused)}
      >
        {isPaused ? <PlayIcon size={14} /> : <PauseIcon size={14} />}
      </button>
    </aside>
  );
}
