import { useId } from 'react';
import { Link } from 'wouter';

export type CallToActionLink = { label: string; path: string };

type CallToActionProps = {
  title: string;
  text?: string;
  /** One or two buttons; the first is the main action. */
  actions: readonly [CallToActionLink] | readonly [CallToActionLink, CallToActionLink];
};

/** The closing band of a page: a short invitation and one or two link buttons. */
export function CallToAction({ title, text, actions }: CallToActionProps) {
  const headingId = useId();
  const [main, other] = actions;
  return (
    <section className="call-to-action section section--primary" aria-labelledby={headingId}>
      <div className="container call-to-action__inner">
        <h2 id={headingId}>{title}</h2>
        {text && <p className="call-to-action__text">{text}</p>}
        <div className="button-row call-to-action__buttons">
          <Link href={main.path} className="button button--light">
            {main.label}
          </Link>
          {other && (
            <Link href={other.path} className="button button--outline-light">
              {other.label}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
