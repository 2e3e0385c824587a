import type { TeamMember } from '#shared/content/team.ts';
import { TeamCard } from './TeamCard';

/** Photos of the first row load at once; the rest wait until the reader scrolls near them. */
const EAGER_PHOTOS = 3;

export function TeamGrid({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="team-grid grid grid--3" role="list">
      {/* Two people may share a name; a published page's list does not change while it is shown. */}
      {members.map((member, index) => (
        <li key={index}>
          <TeamCard member={member} eagerPhoto={index < EAGER_PHOTOS} />
        </li>
      ))}
    </ul>
  );
}
