import { useId } from 'react';
import { programLabel } from '#shared/admissions/report.ts';
import { formatDashboardDate, type PersonFamily } from '#shared/dashboard/index.ts';
import { Fact } from '#client/features/admin/common/Fact.tsx';

type PersonFamilyCardProps = { family: PersonFamily; ticked: boolean; onTick: (ticked: boolean) => void };

/** A Parents' Corner family the search found, with what the office needs to tell it is the person's, and the box that says it is. */
export function PersonFamilyCard({ family, ticked, onTick }: PersonFamilyCardProps) {
  const id = useId();
  const title = `Parents’ Corner family: ${family.childName}, ${family.className}`;
  return (
    <li className="enquiry-card">
      <div className="enquiry-card__top">
        <time dateTime={family.addedAt}>Added {formatDashboardDate(family.addedAt)}</time>
        <span className="topic-chip">{family.removedAt ? 'Removed from the Parents’ Corner' : 'Parents’ Corner'}</span>
      </div>
      <h3 className="enquiry-card__name">{title}</h3>
      <dl className="row-details__facts">
        <Fact label="Program">{programLabel(family.program)}</Fact>
        <Fact label="Parents">
          {family.guardians
            .map((guardian) => (guardian.found ? `${guardian.name} (this email or phone)` : guardian.name))
            .join(', ')}
        </Fact>
        {family.removedAt && <Fact label="Removed">{formatDashboardDate(family.removedAt)}</Fact>}
      </dl>
      <div className="erasure__choice">
        <input id={`${id}-tick`} type="checkbox" checked={ticked} onChange={(event) => onTick(event.target.checked)} />
        <label htmlFor={`${id}-tick`}>
          From the person who asked
          <span className="visually-hidden"> ({title})</span>
        </label>
      </div>
    </li>
  );
}
