import { ALL_IMAGES, galleryFilters, type GalleryFilter } from './galleryFilter';

type GalleryFiltersProps = {
  selected: GalleryFilter;
  onSelect: (filter: GalleryFilter) => void;
  /** Id of the grid the buttons filter. */
  controls: string;
  /** The label of the button that shows every photo. */
  allLabel: string;
};

/**
 * Filter buttons as toggle buttons (aria-pressed): each button filters the one grid below
 * rather than switching between panels, so this is a group of toggles, not a tab list.
 */
export function GalleryFilters({ selected, onSelect, controls, allLabel }: GalleryFiltersProps) {
  return (
    <div className="gallery-filters" role="group" aria-label="Show photos of">
      {galleryFilters.map((filter) => (
        <button
          key={filter}
          type="button"
          className="gallery-filters__button"
          aria-pressed={filter === selected}
          aria-controls={controls}
          onClick={() => onSelect(filter)}
        >
          {filter === ALL_IMAGES ? allLabel : filter}
        </button>
      ))}
    </div>
  );
}
