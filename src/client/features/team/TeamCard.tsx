import { readMoreLabels } from '../../../content/labels';
import type { TeamMember } from '../../../content/team';
import { Disclosure } from '../../ui/disclosure/Disclosure';

/** One person: photo, name, role and short bio, with the full bio behind Read more. */
export function TeamCard({ member, eagerPhoto }: { member: TeamMember; eagerPhoto: boolean }) {
  const { photo } = member;
  return (
    <article className="team-card card">
      <img
        className="team-card__photo"
        src={photo.src}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={eagerPhoto ? 'eager' : 'lazy'}
        decoding="async"
      />
      <h2 className="team-card__name">{member.name}</h2>
      <p className="team-card__role">{member.role}</p>
      <p className="team-card__bio">{member.shortBio}</p>
      <Disclosure showLabel={readMoreLabels.readMore} hideLabel={readMoreLabels.readLess} subject={member.name} className="team-card__more">
        {member.fullBio.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Disclosure>
    </article>
  );
}
