import { useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { notFoundPage } from '#content/pages.ts';

const notFoundTexts = {
  routeHintBefore: 'No route matches',
  routeHintUnknown: 'No route matches the requested address.',
};

const subscribeToNothing = () => () => {};

/**
 * True once the page runs in the browser. One prerendered file answers every unknown
 * address, so the address may only be shown after hydration, never in the shared markup.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

export default function NotFoundPage() {
  const [location] = useLocation();
  const inBrowser = useInBrowser();
  return (
    <section className="section not-found">
      <div className="container not-found__inner">
        <h1>{notFoundPage.heading}</h1>
        <p className="lead">{notFoundPage.hint}</p>
        <p className="not-found__dev-hint">
          {inBrowser ? (
            <>
              {notFoundTexts.routeHintBefore} <code>{location}</code>
            </>
          ) : (
            notFoundTexts.routeHintUnknown
          )}
        </p>
        <ul className="button-row not-found__links" role="list">
          {notFoundPage.links.map((link, index) => (
            <li key={link.path}>
              <Link href={link.path} className={index === 0 ? 'button button--primary' : 'button button--outline'}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
