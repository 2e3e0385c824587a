import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  siteContentLabels,
  siteContentParts,
  siteContentSchema,
  type SiteContent,
  type SiteContentList,
  type SiteContentPart,
} from '../../../../shared/content/siteContent';
import { formatDashboardDate } from '../../../../shared/dashboard';
import { useTRPC } from '../../../trpc';
import { toast } from '../../../ui/toast/toastStore';
import { FieldError } from '../../../ui/FieldError';
import { isUnauthorized } from '../common/apiErrors';
import { ListFields, newEntry, type ListEntry } from './SiteContentListFields';
import { PreviewLink } from './PreviewLink';
import { BlogPostsFields, blogPostEntry, blogPostsOf, type BlogPostEntry } from './BlogPostsFields';
import { SchoolFactsFields, schoolFactsForm, schoolFactsInput, type SchoolFactsForm } from './SchoolFactsFields';
import { GalleryEditor, galleryContent, galleryEntries, type GalleryEntry } from './GalleryEditor';
import { TeamEditor, teamContent, teamEntries, type TeamEntry } from './TeamEditor';
import { TestimonialsEditor, testimonialEntries, testimonialsContent, type TestimonialEntry } from './TestimonialsEditor';
import './content.css';

/** The form's values: what the schema takes, with empty strings where an optional field is blank. */
type Form = {
  text: string;
  link: string;
  shown: boolean;
  from: string;
  until: string;
  admissionsYear: string;
  events: ListEntry[];
  notices: ListEntry[];
  blogPosts: BlogPostEntry[];
  schoolFacts: SchoolFactsForm;
  gallery: GalleryEntry[];
  team: TeamEntry[];
  testimonials: TestimonialEntry[];
};
type FormList = SiteContentList | 'blogPosts' | 'gallery' | 'team' | 'testimonials';
type FieldName = Exclude<keyof Form, FormList | 'schoolFacts'>;

const formOf = ({ announcement, admissionsYear, events, notices, blogPosts, schoolFacts, gallery, team, testimonials }: SiteContent): Form => ({
  text: announcement.text,
  link: announcement.link ?? '',
  shown: announcement.shown,
  from: announcement.from ?? '',
  until: announcement.until ?? '',
  admissionsYear,
  events: events.map((event) => newEntry(event)),
  notices: notices.map((notice) => newEntry(notice)),
  blogPosts: blogPosts.map(blogPostEntry),
  schoolFacts: schoolFactsForm(schoolFacts),
  gallery: galleryEntries(gallery),
  team: teamEntries(team),
  testimonials: testimonialEntries(testimonials),
});

const withoutKeys = (entries: ListEntry[]) => entries.map(({ title, date, text }) => ({ title, date, text }));

const contentOf = ({ text, link, shown, from, until, admissionsYear, events, notices, blogPosts, schoolFacts, gallery, team, testimonials }: Form) => ({
  announcement: { text, link, shown, from, until },
  admissionsYear,
  events: withoutKeys(events),
  notices: withoutKeys(notices),
  blogPosts: blogPostsOf(blogPosts),
  schoolFacts: schoolFactsInput(schoolFacts),
  gallery: galleryContent(gallery),
  team: teamContent(team),
  testimonials: testimonialsContent(testimonials),
});

/** Where a message goes: the announcement's by their field's name, the others by their whole path (`events.2.date`, `schoolFacts.officeHours.0.days`, `gallery.0.image.alt`). */
const errorKey = (path: readonly PropertyKey[]) => (path[0] === 'announcement' ? String(path.at(-1)) : path.map(String).join('.'));

const hints: Partial<Record<FieldName, string>> = {
  link: 'A page of this site, such as /admission-enquiry, or a full address starting with https://',
  from: 'Leave both dates empty to show it until you hide it.',
  admissionsYear: 'As 2026-27. The site states it on the home page, the Admissions page, the admission form and the FAQ.',
};

/** Each part of the form is reached from the list at its top. */
const contentParts = Object.keys(siteContentParts) as SiteContentPart[];
const partId = (part: SiteContentPart) => `site-content-${part}`;

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
const partsText = (parts: readonly SiteContentPart[]) => parts.map((part) => siteContentParts[part]).join(', ');

/**
 * The Editor's and the Owner's "Site content" section (issue 11): the announcement banner, the
 * admissions year, Parents' Corner's events and notices and the school facts, saved as a draft, previewed, then published to every page in seconds; each
 * publish a revision that can be restored.
 */
export function SiteContentPanel(_props: { part?: string | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const state = useQuery(trpc.content.draft.queryOptions());
  const revisions = useQuery(trpc.content.revisions.queryOptions());
  const [form, setForm] = useState<Form | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  const refresh = () => queryClient.invalidateQueries(trpc.content.pathFilter());
  const onError = (error: unknown) => {
    if (!isUnauthorized(error)) toast({ title: 'Not done', description: errorText(error), variant: 'destructive' });
  };
  const save = useMutation(trpc.content.saveDraft.mutationOptions({ onSettled: refresh, onError }));
  const publish = useMutation(trpc.content.publish.mutationOptions({ onSettled: refresh, onError }));
  const restore = useMutation(trpc.content.restore.mutationOptions({ onSettled: refresh, onError }));

  useEffect(() => {
    if (state.data && form === undefined) setForm(formOf(state.data.draft));
  }, [state.data, form]);

  if (state.isPending || !form) {
    return state.isError ? (
      <p className="enquiries__state enquiries__state--error" role="alert">
        The site content could not be loaded. Please try again.
      </p>
    ) : (
      <p className="enquiries__state" role="status">
        Loading the site content...
      </p>
    );
  }

  /** The form checked by the server's own schema; its messages by field. */
  const checked = (): SiteContent | undefined => {
    const parsed = siteContentSchema.safeParse(contentOf(form));
    setErrors(parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [errorKey(issue.path), issue.message])));
    return parsed.success ? parsed.data : undefined;
  };

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = checked();
    if (!content) return;
    const { unpublished } = await save.mutateAsync(content);
    setOutcome(unpublished.length ? `Draft saved. Not yet on the site: ${partsText(unpublished)}.` : 'Draft saved. It is the same as the published site.');
  }

  async function onPublish() {
    const content = checked();
    if (!content) return;
    const { revision, content: published } = await publish.mutateAsync(content);
    setForm(formOf(published));
    setOutcome(`Published: ${partsText(revision.changed)}. Every page shows it now.`);
  }

  const set = (name: FieldName) => (value: string | boolean) => setForm({ ...form, [name]: value });
  /** An item added, removed or moved moves the others: the list's messages, found by position, go until the next check. */
  const setList = <L extends FormList>(list: L) => (entries: Form[L]) => {
    if (entries.map((entry) => entry.key).join() !== form[list].map((entry) => entry.key).join()) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== list && !key.startsWith(`${list}.`))));
    setForm({ ...form, [list]: entries });
  };
  /** A row of hours added or removed moves the others: their messages, found by position, go until the next check. */
  const setSchoolFacts = (schoolFacts: SchoolFactsForm) => {
    if (schoolFacts.officeHours.length !== form.schoolFacts.officeHours.length) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('schoolFacts.officeHours'))));
    setForm({ ...form, schoolFacts });
  };
  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': [errors[name] ? `${id}-${name}-error` : '', hints[name] ? `${id}-${name}-hint` : ''].filter(Boolean).join(' ') || undefined,
  });
  const labelled = (name: FieldName, control: ReactNode) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {siteContentLabels[name]}
      </label>
      {hints[name] ? (
        <p className="field__hint" id={`${id}-${name}-hint`}>
          {hints[name]}
        </p>
      ) : null}
      {control}
      {errors[name] ? <FieldError id={`${id}-${name}-error`} message={errors[name]} /> : null}
    </div>
  );
  const restoredText = (revisionId: number) => {
    const earlier = revisions.data?.find((candidate) => candidate.id === revisionId);
    return earlier ? `the version of ${formatDashboardDate(earlier.publishedAt)}` : 'an earlier version';
  };
  const busy = save.isPending || publish.isPending || restore.isPending;
  const unpublished = state.data?.unpublished ?? [];

  return (
    <div className="site-content">
      <p className="panel-intro">Changes here are a draft until you publish them. Visitors see only what is published.</p>
      <nav className="site-content__nav" aria-label="Parts of the site content">
        <ul>
          {contentParts.map((part) => (
            <li key={part}>
              <a href={`#${partId(part)}`}>{siteContentParts[part]}</a>
            </li>
          ))}
        </ul>
      </nav>
      <form className="site-content__form" onSubmit={onSave} noValidate>
        <div id={partId('announcement')} className="site-content__part">
          <fieldset className="site-content__group">
            <legend>Announcement banner</legend>
            {labelled('text', <textarea {...field('text')} className="field__input" rows={3} value={form.text} onChange={(event) => set('text')(event.target.value)} />)}
            {labelled('link', <input {...field('link')} className="field__input" value={form.link} onChange={(event) => set('link')(event.target.value)} />)}
            <div className="field field--checkbox">
              <div className="field__check">
                <input {...field('shown')} type="checkbox" className="field__checkbox" checked={form.shown} onChange={(event) => set('shown')(event.target.checked)} />
                <label className="field__label" htmlFor={`${id}-shown`}>
                  {siteContentLabels.shown}
                </label>
              </div>
            </div>
            <div className="site-content__dates">
            {labelled('from', <input {...field('from')} className="field__input" type="date" value={form.from} onChange={(event) => set('from')(event.target.value)} />)}
            {labelled('until', <input {...field('until')} className="field__input" type="date" value={form.until} onChange={(event) => set('until')(event.target.value)} />)}
            </div>
          </fieldset>
        </div>
        <div id={partId('admissionsYear')} className="site-content__part">
          <fieldset className="site-content__group">
            <legend>Admissions</legend>
            {labelled('admissionsYear', <input {...field('admissionsYear')} className="field__input" inputMode="numeric" value={form.admissionsYear} onChange={(event) => set('admissionsYear')(event.target.value)} />)}
          </fieldset>
        </div>
        <div id={partId('events')} className="site-content__part">
          <ListFields list="events" entries={form.events} errors={errors} onChange={setList('events')} />
        </div>
        <div id={partId('notices')} className="site-content__part">
          <ListFields list="notices" entries={form.notices} errors={errors} onChange={setList('notices')} />
        </div>
        <div id={partId('blogPosts')} className="site-content__part">
          <BlogPostsFields entries={form.blogPosts} errors={errors} onChange={setList('blogPosts')} />
        </div>
        <div id={partId('gallery')} className="site-content__part">
          <GalleryEditor entries={form.gallery} errors={errors} onChange={setList('gallery')} />
        </div>
        <div id={partId('team')} className="site-content__part">
          <TeamEditor entries={form.team} errors={errors} onChange={setList('team')} />
        </div>
        <div id={partId('testimonials')} className="site-content__part">
          <TestimonialsEditor entries={form.testimonials} errors={errors} onChange={setList('testimonials')} />
        </div>
        <div id={partId('schoolFacts')} className="site-content__part">
          <SchoolFactsFields value={form.schoolFacts} errors={errors} onChange={setSchoolFacts} />
        </div>
        <div className="site-content__actions">
          <button type="submit" className="button button--outline" disabled={busy}>
            {save.isPending ? 'Saving...' : 'Save draft'}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void onPublish()}>
            {publish.isPending ? 'Publishing...' : 'Publish'}
          </button>
          {/* Beside the buttons, where the eye is after pressing one, however far down the form. */}
          <p className="site-content__state" role="status">
            {outcome ?? (unpublished.length ? `Saved but not yet published: ${partsText(unpublished)}.` : 'Everything saved here is on the site.')}
          </p>
        </div>
        <PreviewLink pages={state.data?.previewPages ?? []} />
      </form>
      <h3 className="panel-subtitle">Published versions</h3>
      {revisions.data && revisions.data.length > 0 ? (
        <ul className="site-content__revisions">
          {revisions.data.map((revision, index) => (
            <li key={revision.id} className="site-content__revision">
              <span>
                {formatDashboardDate(revision.publishedAt)}: {revision.changed.length ? `${partsText(revision.changed)}, by ${revision.actor ?? 'the server'}` : 'the content the site was built with'}
                {revision.restoredFrom ? ` (brought back: ${restoredText(revision.restoredFrom)})` : ''}
                {index === 0 ? ' (on the site now)' : ''}
              </span>
              {index > 0 ? (
                <button
                  type="button"
                  className="button button--outline admin-small-button"
                  disabled={busy}
                  onClick={() =>
                    restore.mutate(
                      { revisionId: revision.id },
                      {
                        onSuccess: ({ revision: restored }) => {
                          setForm(undefined);
                          setOutcome(`Restored the version of ${formatDashboardDate(revision.publishedAt)}: ${partsText(restored.changed)}. Every page shows it now.`);
                        },
                      },
                    )
                  }
                >
                  Restore<span className="visually-hidden"> the version of {formatDashboardDate(revision.publishedAt)}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="enquiries__state">Nothing has been published from here yet: the site shows the content it was built with.</p>
      )}
    </div>
  );
}
