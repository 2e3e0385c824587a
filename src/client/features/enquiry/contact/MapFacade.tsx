import { useState } from 'react';
import { contactPage } from '#content/contact.ts';
import { ExternalLinkIcon, MapPinIcon } from '#client/ui/icons/index.tsx';
import { NEW_TAB_HINT } from '#client/ui/newTab.ts';
// A file, not markup drawn by the script: the page's JavaScript stays within its budget (decision 0006).
import mapArtUrl from './mapArt.svg';

/**
 * The map section. The maps frame is a third party and heavy on a phone, so only a drawing is
 * shown until the visitor presses 'Show map'; a plain link opens the map in a new tab.
 */
export function MapFacade({
  addressLines,
  mapsUrl,
  mapsEmbedUrl,
}: {
  addressLines: readonly string[];
  mapsUrl: string;
  mapsEmbedUrl: string;
}) {
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
              {/* A drawn map of streets around a pin: stands in for the maps frame until the visitor asks for it. */}
              <img className="map-facade__art" src={mapArtUrl} alt="" width={800} height={400} />
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
