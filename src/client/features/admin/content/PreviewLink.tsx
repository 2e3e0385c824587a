import { useId, useState } from 'react';
import { PREVIEW_PATH, type PreviewPage } from '#shared/content/preview.ts';

/** Which page to see with the saved draft, and the link that opens it in a new tab. */
export function PreviewLink({ pages }: { pages: readonly PreviewPage[] }) {
  const id = useId();
  const [path, setPath] = useState('/');
  return (
    <div className="site-content__preview">
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Page to preview
        </label>
        <select id={id} className="field__input" value={path} onChange={(event) => setPath(event.target.value)}>
          {pages.map((page) => (
            <option key={page.path} value={page.path}>
              {page.title} ({page.path})
            </option>
          ))}
        </select>
      </div>
      <a
        className="button button--outline"
        href={`${PREVIEW_PATH}?${new URLSearchParams({ path })}`}
        target="_blank"
        rel="noopener"
      >
        Preview saved draft<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
