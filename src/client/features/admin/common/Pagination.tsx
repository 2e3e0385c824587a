import { ChevronLeftIcon, ChevronRightIcon } from '#client/ui/icons/index.tsx';
import { pageItems } from './pageNumbers';
import './Pagination.css';

type PaginationProps = {
  page: number;
  pageCount: number;
  /** e.g. "contact submissions", for the navigation's name. */
  noun: string;
  onPage: (page: number) => void;
};

/** Previous, numbered pages with gaps, Next. */
export function Pagination({ page, pageCount, noun, onPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <button type="button" className="pagination__step" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeftIcon size={18} />
        <span>Previous</span>
      </button>
      <ol className="pagination__pages">
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className="pagination__page"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ol>
      <button type="button" className="pagination__step" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        <span>Next</span>
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
