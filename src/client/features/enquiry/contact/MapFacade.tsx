import { useState } from 'react';
import { contactPage } from '../../../../content/contact';
import { ExternalLinkIcon, MapPinIcon } from '../../../ui/icons';
import { NEW_TAB_HINT } from '../../../ui/newTab';

/** A drawn map of streets around a pin: stands in for the maps frame until the visitor asks for it. */
function MapIllustration() {
  return (
    <svg className="map-facade__art" viewBox="0 0 800 400" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <rect width="800" height="400" fill="#e9efe4" />
      <path d="M0 300 C150 270 260 330 420 290 S700 250 800 270 V400 H0Z" fill="#d6e6f0" />
      <path d="M560 0 C540 80 600 140 580 220" fill="none" stroke="#cfe0d0" strokeWidth="40" />
      <g fill="none" stroke="#ffffff" strokeLinecap="round">
        <path d="M-20 120 L820 170" strokeWidth="26" />
        <path d="M300 -20 L250 420" strokeWidth="18" />
        <path d="M470 -20 C450 120 520 250 500 420" strokeWidth="14" />
        <path d="M40 0 L160 400" strokeWidth="10" />
        <path d="M640 0 L700 400" strokeWidth="10" />
        <path d="M0 230 L800 210" strokeWidth="10" />
      </g>
      <g fill="#dfe6d6">
        <rect x="330" y="40" width="90" height="50" rx="6" />
        <rect x="90" y="160" width="110" height="50" rx="6" />
        <rect x="540" y="100" width="80" height="40" rx="6" />
        <rect x="330" y="250" width="110" height="40" rx="6" />
      </g>
      <g transform="translate(392 118)">
        <ellipse cx="8" cy="66" rx="22" ry="7" fill="#1e2a22" opacity="0.18" />
        <path d="M8 66 C-24 28 -26 6 -26 -4 A34 34 0 0 1 42 -4 C42 6 40 28 8 66Z" fill="#a8482a" />
        <circle cx="8" cy="-4" r="12" fill="#ffffff" />
      </g>
    </svg>
  );
}

/**
 * The map section. The maps frame is a third party and heavy on a phone, so only a drawing is
 * shown until the visitor presses 'Show map'; a plain link opens the map in a new tab.
 */
export function MapFacade({ addressLines, mapsUrl, mapsEmbedUrl }: { addressLines: readonly string[]; mapsUrl: string; mapsEmbedUrl: string }) {
  const [showing, setShowing] = useState(false);

  return (
    <section className="section section--sand map-section" aria-labelledby="map-heading">
      <div className="container">
        <div className="section__header">
          <h2 id="map-heading">{contactPage.mapHeading}</h2>
          <address className="map-section__address">
            <MapPinIcon size={18} className="map-section__pin" />
            {addressLines.join(', ')}
          </address>
        </div>
        <div className="map-facade">
          {showing ? (
            <iframe
              ref={(element) => element?.focus()}
              className="map-facade__frame"
              src={mapsEmbedUrl}
              title={contactPage.mapTitle}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          ) : (
            <>
              <MapIllustration />
              <div className="map-facade__overlay">
                <p className="map-facade__note">The map is loaded from Google Maps only when you ask for it.</p>
                <button type="button" className="button button--primary" onClick={() => setShowing(true)}>
                  <MapPinIcon size={18} />
                  Show map
                </button>
              </div>
            </>
          )}
        </div>
        <p className="map-section__link">
          <a href={mapsUrl} target="_blank" rel="noopener">
            Open in Google Maps
            <ExternalLinkIcon size={16} className="map-section__external" />
            <span className="visually-hidden">{` ${NEW_TAB_HINT}`}</span>
          </a>
        </p>
      </div>
    </section>
  );
}
