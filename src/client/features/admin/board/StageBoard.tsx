import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { isClosingStage, stageLabels, type AdmissionStage } from '#shared/admissions/stages.ts';
import type { StageColumn } from '#shared/admissions/board.ts';
import type { EnquiryFilters } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { enquiryView } from '#client/features/admin/common/enquiryView.ts';
import { StageMover } from './StageMover';
import { ParentName } from '#client/features/admin/common/ParentName.tsx';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

/** The newest cards a column shows; its count says how many more the list holds (filtered by that stage). */
const CARDS_PER_STAGE = 20;

const openStages = (columns: StageColumn[]) => columns.filter((column) => !isClosingStage(column.stage));
const closedColumns = (columns: StageColumn[]) => columns.filter((column) => isClosingStage(column.stage));

function countText(total: number) {
  return (
    <span className="stage-column__count">
      {total}
      <span className="visually-hidden">{total === 1 ? ' enquiry' : ' enquiries'}</span>
    </span>
  );
}

function Cards({ column, onMoved }: { column: StageColumn; onMoved: (stage: AdmissionStage) => void }) {
  if (column.total === 0) return <p className="stage-column__empty">None</p>;
  return (
    <>
      <ul className="stage-column__cards">
        {column.cards.map((row) => {
          const view = enquiryView('admission', row);
          return (
            <li key={row.id} className="stage-card">
              <p className="stage-card__name">{view.name}</p>
              <p className="stage-card__meta">
                <span className="topic-chip">{view.topic}</span> {view.childAgeText}
              </p>
              {view.parentName && (
                <p className="stage-card__meta">
                  <ParentName view={view} />
                </p>
              )}
              {view.visitText && <p className="stage-card__meta stage-card__visit">Visit: {view.visitText}</p>}
              <p className="stage-card__meta">
                Received <time dateTime={view.createdAt}>{view.receivedText}</time>
              </p>
              <StageMover view={{ ...view, stage: row.stage }} onMoved={onMoved} />
            </li>
          );
        })}
      </ul>
      {column.total > column.cards.length && (
        <p className="stage-column__more">
          The newest {column.cards.length} of {column.total}: filter the list by stage to see every one.
        </p>
      )}
    </>
  );
}

/**
 * The Admission Form tab by stage, on a wide screen: a column per open stage with its count, and
 * the closed ones (Waitlisted, Not proceeding) together in a last column. Each card moves with
 * its own "Move to" control, no dragging; after a move, focus goes to the heading of the stage
 * the card went to, and the toast says where it went.
 */
export function StageBoard({ filters }: { filters: EnquiryFilters }) {
  const trpc = useTRPC();
  const id = useId();
  const board = useQuery(
    trpc.admissions.board.queryOptions(
      { ...filters, perStage: CARDS_PER_STAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const headings = useRef(new Map<AdmissionStage, HTMLHeadingElement>());
  const [movedTo, setMovedTo] = useState<AdmissionStage>();
  useEffect(() => {
    if (!movedTo) return;
    headings.current.get(movedTo)?.focus();
    setMovedTo(undefined);
  }, [movedTo]);

  if (board.isPending)
    return (
      <p className="enquiries__state" role="status">
        Loading the board...
      </p>
    );
  if (board.isError && !board.data) {
    return <LoadFailed message="Failed to load the board. Please try again." onRetry={() => void board.refetch()} />;
  }
  const heading = (stage: AdmissionStage) => (element: HTMLHeadingElement | null) => {
    if (element) headings.current.set(stage, element);
    else headings.current.delete(stage);
  };
  const closed = closedColumns(board.data);
  return (
    <div className={`stage-board${board.isFetching ? ' is-busy' : ''}`} aria-busy={board.isFetching}>
      {openStages(board.data).map((column) => (
        <section key={column.stage} className="stage-column" aria-labelledby={`${id}-${column.stage}`}>
          <h3 id={`${id}-${column.stage}`} className="stage-column__heading" tabIndex={-1} ref={heading(column.stage)}>
            {stageLabels[column.stage]} {countText(column.total)}
          </h3>
          <Cards column={column} onMoved={setMovedTo} />
        </section>
      ))}
      <section className="stage-column stage-column--closed" aria-labelledby={`${id}-closed`}>
        <h3 id={`${id}-closed`} className="stage-column__heading">
          Closed {countText(closed.reduce((sum, column) => sum + column.total, 0))}
        </h3>
        {closed.map((column) => (
          <div key={column.stage} className="stage-column__group">
            <h4
              id={`${id}-${column.stage}`}
              className="stage-column__subheading"
              tabIndex={-1}
              ref={heading(column.stage)}
            >
              {stageLabels[column.stage]} {countText(column.total)}
            </h4>
            <Cards column={column} onMoved={setMovedTo} />
          </div>
        ))}
      </section>
    </div>
  );
}
