import { useId } from 'react';
import type { ProgramDetails as Details, ProgramFacts } from '#content/programDetails.ts';

/** One program: its description, the About box and the curriculum boxes. */
export function ProgramDetails({ program, details }: { program: ProgramFacts; details: Details }) {
  const aboutId = useId();
  const curriculumId = useId();
  const { title, ageBand, classes } = program;
  const { description, about, curriculum } = details;
  return (
    <article className="program-details">
      <div className="program-details__intro">
        <div className="program-details__text">
          <h2>{title}</h2>
          <p className="program-details__meta">
            <span className="program-details__chip">Ages {ageBand.label}</span>
            {classes && <span className="program-details__chip">{classes}</span>}
          </p>
          {description.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </div>
        <aside className="program-details__about" aria-labelledby={aboutId}>
          <h3 id={aboutId}>{about.title}</h3>
          <p>{about.text}</p>
        </aside>
      </div>
      <section className="program-details__curriculum" aria-labelledby={curriculumId}>
        <h3 id={curriculumId}>Curriculum areas</h3>
        <ul className="program-details__boxes" role="list">
          {curriculum.map((box) => (
            <li key={box.title} className="program-details__box">
              <h4>{box.title}</h4>
              <p>{box.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
