import { useState } from 'react';
import { Link } from 'wouter';
import { PauseIcon, PlayIcon } from '#client/ui/icons/index.tsx';
import { useSiteData } from '../siteData';
import { shellText } from './shellText';

/** Copies of the message in the moving strip: enough to fill a wide screen while one scrolls out. */
const COPIES = 4;

type Announcement = { text: string; link: string | null };

/** One copy of the message: a link within the site, a link elsewhere, or text alone. Copies after the first are hidden from assistive technology and the keyboard. */
function Message({ announcement: { text, link }, first }: { announcement: Announcement; first: boolean }) {
  const hidden = first ? {} : { 'aria-hidden': true, tabIndex: -1 };
  if (link?.startsWith('/')) {
    return (
      <Link href={link} className="admissions-banner__message" {...hidden}>
        {text}
      </Link>
    );
  }
  if (link) {
    return (
      <a href={link} rel="noopener" className="admissions-banner__message" {...hidden}>
        {text}
      </a>
    );
  }
  return (
    <span className="admissions-banner__message" {...(first ? {} : { 'aria-hidden': true })}>
      {text}
    </span>
  );
}

/**
 * The scrolling announcement above the header, as the office published it (hidden when they hide
 * it or outside its dates). It pauses while hovered or focused, has a pause button (WCAG 2.2.2),
 * and stands still for visitors who prefer reduced motion.
 */
export function AdmissionsBanner() {
  const { announcement } = useSiteData();
  const [isPaused, setIsPaused] = useState(false);
  if (!announcement) return null;
  return (
    <aside className={`admissions-banner${isPaused ? ' is-paused' : ''}`} aria-label={shellText.bannerLabel}>
      <div className="admissions-banner__viewport">
        <div className="admissions-banner__track">
          {Array.from({ length: COPIES }, (_, index) => (
            <Message key={index} announcement={announcement} first={index === 0} />
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
