import { readMoreLabels } from '#content/labels.ts';
import type { TeamMember } from '#shared/content/team.ts';
import { Disclosure } from '#client/ui/disclosure/Disclosure.tsx';
import { Picture } from '#client/ui/Picture.tsx';

/** The photo shows as a 144px circle (team.css) whatever the layout. */
const PHOTO_SIZES = '144px';

/** One person: photo, name, role and short bio, with the full bio behind Read more. */
export function TeamCard({ member, eagerPhoto }: { member: TeamMember; eagerPhoto: boolean }) {
  return (
    <article className="team-card card">
      <Picture
        className="team-card__photo"
        image={member.photo}
        sizes={PHOTO_SIZES}
        loading={eagerPhoto ? 'eager' : 'lazy'}
      />
      <h2 className="team-card__name">{member.name}</h2>
      <p className="team-card__role">{member.role}</p>
      <p className="team-card__bio">{member.shortBio}</p>
      <Disclosure
        showLabel={readMoreLabels.readMore}
        hideLabel={readMoreLabels.readLess}
        subject={member.name}
        className="team-card__more"
      >
        {member.fullBio.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Disclosure>
    </article>
  );
}
