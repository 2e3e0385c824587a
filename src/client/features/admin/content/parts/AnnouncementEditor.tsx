import { useId, type ReactNode } from 'react';
import { announcementHints, announcementLabels } from '#shared/content/parts/announcement.ts';
import { FieldError } from '#client/ui/FieldError.tsx';
import type { PartEditorProps } from '../ContentItemControls';

type Field = 'text' | 'link' | 'shown' | 'from' | 'until';
const hints: Partial<Record<Field, string>> = announcementHints;

/** The banner above every page: its words, its link, whether it shows, and the days it shows. */
export function AnnouncementEditor({ value, errors, onChange }: PartEditorProps<'announcement'>) {
  const id = useId();
  const errorOf = (name: Field) => errors[`announcement.${name}`];
  const set = (name: Field) => (fieldValue: string | boolean) => onChange({ ...value, [name]: fieldValue });
  const field = (name: Field) => ({
    id: `${id}-${name}`,
    'aria-invalid': errorOf(name) ? true : undefined,
    'aria-describedby':
      [errorOf(name) ? `${id}-${name}-error` : '', hints[name] ? `${id}-${name}-hint` : ''].filter(Boolean).join(' ') ||
      undefined,
  });
  const labelled = (name: Field, control: ReactNode) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {announcementLabels[name]}
      </label>
      {hints[name] ? (
        <p className="field__hint" id={`${id}-${name}-hint`}>
          {hints[name]}
        </p>
      ) : null}
      {control}
      {errorOf(name) ? <FieldError id={`${id}-${name}-error`} message={errorOf(name) ?? ''} /> : null}
    </div>
  );
  return (
    <fieldset className="site-content__group">
      <legend>{announcementLabels.legend}</legend>
      {labelled(
        'text',
        <textarea
          {...field('text')}
          className="field__input"
          rows={3}
          value={value.text}
          onChange={(event) => set('text')(event.target.value)}
        />,
      )}
      {labelled(
        'link',
        <input
          {...field('link')}
          className="field__input"
          value={value.link}
          onChange={(event) => set('link')(event.target.value)}
        />,
      )}
      <div className="field field--checkbox">
        <div className="field__check">
          <input
            {...field('shown')}
            type="checkbox"
            className="field__checkbox"
            checked={value.shown}
            onChange={(event) => set('shown')(event.target.checked)}
          />
          <label className="field__label" htmlFor={`${id}-shown`}>
            {announcementLabels.shown}
          </label>
        </div>
      </div>
      <div className="site-content__dates">
        {labelled(
          'from',
          <input
            {...field('from')}
            className="field__input"
            type="date"
            value={value.from}
            onChange={(event) => set('from')(event.target.value)}
          />,
        )}
        {labelled(
          'until',
          <input
            {...field('until')}
            className="field__input"
            type="date"
            value={value.until}
            onChange={(event) => set('until')(event.target.value)}
          />,
        )}
      </div>
    </fieldset>
  );
}
