import { useId, useRef } from 'react';
import { useFocusAfterRender } from '#client/features/admin/common/useFocusAfterRender.ts';
import { blogPostHints, blogPostLabels, blogPostsTexts, slugFrom } from '#shared/content/blogPosts.ts';
import type { BlogPostEntry } from '#shared/content/parts/blogPosts.ts';
import { nextKey } from '#shared/content/parts/part.ts';
import { blogPostPath } from '#shared/routeTable.ts';
import { schoolToday } from '#shared/time.ts';
import { FieldError } from '#client/ui/FieldError.tsx';
import type { PartEditorProps } from '../ContentItemControls';
import { PhotoField } from '../PhotoField';
import './BlogPostsEditor.css';

/** An id no other post has: it never changes, so a publish can tell a renamed post (decision 0030). */
const newId = () =>
  `post-${Date.now().toString(36)}-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

const emptyPost = (): BlogPostEntry => ({
  id: newId(),
  title: '',
  slug: '',
  date: schoolToday(),
  author: '',
  image: undefined,
  excerpt: '',
  body: '',
  formerSlugs: [],
  key: nextKey(),
  isNew: true,
  slugEdited: false,
});

type TextField = 'title' | 'slug' | 'date' | 'author' | 'excerpt' | 'body';

/**
 * The "Blog posts" part of the Site content form (issue 11): each post a group with its title,
 * address, date, author, cover picture, summary and Markdown text, and the earlier addresses that
 * still lead to it. Add puts a new post first and the cursor in its title; Remove names the post
 * and returns the cursor to Add.
 */
export function BlogPostsEditor({ value: entries, errors, onChange }: PartEditorProps<'blogPosts'>) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  const fieldId = (entry: BlogPostEntry, field: string) => `${id}-${entry.key}-${field}`;
  const change = (key: number, changes: Partial<BlogPostEntry>) =>
    onChange(entries.map((entry) => (entry.key === key ? { ...entry, ...changes } : entry)));
  const setText = (entry: BlogPostEntry, field: TextField, value: string) => {
    if (field === 'slug') return change(entry.key, { slug: value, slugEdited: true });
    // A new post's address follows its title until the office writes one.
    if (field === 'title' && entry.isNew && !entry.slugEdited)
      return change(entry.key, { title: value, slug: slugFrom(value) });
    return change(entry.key, { [field]: value });
  };
  const remove = (key: number) => {
    onChange(entries.filter((entry) => entry.key !== key));
    addButton.current?.focus();
  };
  const add = () => {
    const entry = emptyPost();
    onChange([entry, ...entries]);
    focusAfterRender(fieldId(entry, 'title'));
  };

  const control = (entry: BlogPostEntry, index: number, field: TextField) => {
    const error = errors[`blogPosts.${index}.${field}`];
    const hint = field in blogPostHints ? blogPostHints[field as keyof typeof blogPostHints] : undefined;
    const controlId = fieldId(entry, field);
    const props = {
      id: controlId,
      className: 'field__input',
      value: entry[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby':
        [hint ? `${controlId}-hint` : '', error ? `${controlId}-error` : ''].filter(Boolean).join(' ') || undefined,
    };
    return (
      <div className="field">
        <label className="field__label" htmlFor={controlId}>
          {blogPostLabels[field]}
          {field === 'author' ? <span className="field__optional"> (optional)</span> : null}
        </label>
        {hint ? (
          <p className="field__hint" id={`${controlId}-hint`}>
            {hint}
          </p>
        ) : null}
        {field === 'body' || field === 'excerpt' ? (
          <textarea
            {...props}
            rows={field === 'body' ? 14 : 3}
            onChange={(event) => setText(entry, field, event.target.value)}
          />
        ) : (
          <input
            {...props}
            type={field === 'date' ? 'date' : 'text'}
            {...(field === 'slug' ? { spellCheck: false, autoCapitalize: 'none', autoCorrect: 'off' } : {})}
            onChange={(event) => setText(entry, field, event.target.value)}
          />
        )}
        {error ? <FieldError id={`${controlId}-error`} message={error} /> : null}
      </div>
    );
  };

  const formerSlugs = (entry: BlogPostEntry) =>
    entry.formerSlugs.length ? (
      <div className="field">
        <p className="field__label" id={`${fieldId(entry, 'former')}-label`}>
          {blogPostLabels.formerSlugs}
        </p>
        <p className="field__hint">{blogPostHints.formerSlugs}</p>
        <ul className="blog-posts__former" aria-labelledby={`${fieldId(entry, 'former')}-label`}>
          {entry.formerSlugs.map((slug) => (
            <li key={slug}>
              <code>{blogPostPath(slug)}</code>
              <button
                type="button"
                className="button button--outline admin-small-button"
                onClick={() => change(entry.key, { formerSlugs: entry.formerSlugs.filter((other) => other !== slug) })}
              >
                Stop leading here<span className="visually-hidden"> from {blogPostPath(slug)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    ) : null;

  const listError = errors.blogPosts;
  return (
    <fieldset className="site-content__group" aria-describedby={`${id}-hint`}>
      <legend>{blogPostsTexts.heading}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {blogPostsTexts.hint}
      </p>
      <button
        ref={addButton}
        type="button"
        className="button button--outline"
        onClick={add}
        aria-describedby={listError ? `${id}-error` : undefined}
      >
        {blogPostsTexts.add}
      </button>
      {listError ? <FieldError id={`${id}-error`} message={listError} /> : null}
      {entries.map((entry, index) => (
        <fieldset key={entry.key} className="site-content__item">
          <legend>
            Post {index + 1}
            {entry.title.trim() ? `: ${entry.title.trim()}` : ''}
          </legend>
          {control(entry, index, 'title')}
          {control(entry, index, 'slug')}
          {formerSlugs(entry)}
          {control(entry, index, 'date')}
          {control(entry, index, 'author')}
          <PhotoField
            // Each group's name its own (several posts, one page): "Cover picture of post 3".
            label={`${blogPostLabels.image} of post ${index + 1}`}
            value={entry.image}
            onChange={(image) => change(entry.key, { image })}
            required
            {...optional('error', errors[`blogPosts.${index}.image`])}
            {...optional('altError', errors[`blogPosts.${index}.image.alt`])}
          />
          {control(entry, index, 'excerpt')}
          {control(entry, index, 'body')}
          <button type="button" className="button button--outline admin-small-button" onClick={() => remove(entry.key)}>
            Remove
            <span className="visually-hidden">
              {' '}
              the {blogPostsTexts.item} {entry.title.trim() || index + 1}
            </span>
          </button>
        </fieldset>
      ))}
    </fieldset>
  );
}

/** A prop only when it has a value (exactOptionalPropertyTypes). */
const optional = <K extends string>(name: K, value: string | undefined) =>
  value === undefined ? {} : ({ [name]: value } as Record<K, string>);
