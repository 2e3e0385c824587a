import type { TeamMember } from '../../../content/team';
import { TeamCard } from './TeamCard';

/** Photos of the first row load at once; the rest wait until the reader scrolls near them. */
const EAGER_PHOTOS = 3;

export function TeamGrid({ members }: { members: readonly TeamMember[] }) {
  return (
    <ul className="team-grid grid grid--3" role="list">
      {members.map((member, index) => (
        <li key={member.name}>
          <TeamCard member={member} eagerPhoto={index < EAGER_PHOTOS} />
        </li>
      ))}
    </ul>
  );
}
