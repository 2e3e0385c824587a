import { awards, awardsPage } from '#content/awards.ts';
import { ExternalLinkIcon } from '#client/ui/icons/index.tsx';
import { NEW_TAB_HINT } from '#client/ui/newTab.ts';
import { PageHeader } from '#client/ui/PageHeader.tsx';

export default function AwardsPage() {
  return (
    <>
      <PageHeader title={awardsPage.heading} intro={awardsPage.intro} />
      <div className="section">
        <div className="container">
          <ul className="awards grid grid--2" role="list">
            {awards.map((award) => (
              <li key={award.slug}>
                <article className="award-card card">
                  <a className="award-card__image-link" href={award.image.src} target="_blank" rel="noopener">
                    <img
                      className="award-card__image"
                      src={award.image.src}
                      alt={award.image.alt}
                      width={award.image.width}
                      height={award.image.height}
                      decoding="async"
                    />
                    <span className="award-card__open">
                      <ExternalLinkIcon size={16} />
                      <span className="visually-hidden">{NEW_TAB_HINT}</span>
                    </span>
                  </a>
                  <div className="award-card__body">
                    <p className="award-card__meta">
                      {award.awardedBy} · {award.year}
                    </p>
                    <h2 className="award-card__title">{award.title}</h2>
                    <p>{award.description}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}
