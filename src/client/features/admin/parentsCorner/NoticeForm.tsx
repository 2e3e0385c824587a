import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useEffect, useState, type FormEvent } from 'react';
import { programNames } from '#content/programNames.ts';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { newNoticeSchema, noticeAudiences, type NoticeAudience } from '#shared/parents/parentsCorner.ts';
import { schoolInstant, schoolIsoTime } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { FormButtons } from './FormButtons';
import { audienceText, programLabel } from './officeText';

export type NoticeDraft = {
  title: string;
  body: string;
  audience: NoticeAudience;
  className: string;
  program: string;
  /** 'now', or at the day and time typed (the school's clock). */
  when: 'now' | 'later';
  day: string;
  time: string;
};

export const emptyNotice: NoticeDraft = {
  title: '',
  body: '',
  audience: 'all',
  className: '',
  program: 'primary',
  when: 'now',
  day: '',
  time: '',
};

/** A notice as the form holds it, from the list; a notice already out is changed without a new time. */
export function draftOf(notice: {
  title: string;
  body: string;
  audience: string;
  audienceValue: string | null;
  publishAt: string;
}): NoticeDraft {
  const [day = '', time = ''] = schoolIsoTime(notice.publishAt).slice(0, 16).split('T');
  const audience = (noticeAudiences as readonly string[]).includes(notice.audience)
    ? (notice.audience as NoticeAudience)
    : 'all';
  const later = Date.parse(notice.publishAt) > Date.now();
  return {
    title: notice.title,
    body: notice.body,
    audience,
    className: audience === 'class' ? (notice.audienceValue ?? '') : '',
    program: audience === 'program' ? (notice.audienceValue ?? 'primary') : 'primary',
    when: later ? 'later' : 'now',
    day: later ? day : '',
    time: later ? time : '',
  };
}

const audienceWords: Record<NoticeAudience, string> = {
  all: 'Every family',
  class: 'One class',
  program: 'One program',
};

/** What the server is sent: no time for now (or, changing a notice, for keeping its time). */
function requestOf(draft: NoticeDraft) {
  const audienceValue =
    draft.audience === 'class' ? draft.className : draft.audience === 'program' ? draft.program : undefined;
  const publishAt =
    draft.when === 'later'
      ? draft.day && draft.time
        ? schoolInstant(draft.day, draft.time).toISOString()
        : 'missing'
      : undefined;
  return { title: draft.title, body: draft.body, audience: draft.audience, audienceValue, publishAt };
}

type Errors = Partial<Record<'title' | 'body' | 'audienceValue' | 'publishAt', string>>;

/**
 * Writing a notice: its title, its text in Markdown, whom it is for and when it goes out; then a
 * preview as parents will see it, from which it is published.
 */
export function NoticeForm({
  initial,
  keptPublishAt,
  classes,
  changing,
  pending,
  onPublish,
  onCancel,
}: {
  initial: NoticeDraft;
  /** When the notice being changed is published: it keeps that time unless a new one is given. */
  keptPublishAt: string | undefined;
  /** The classes of the families, offered as the class is typed. */
  classes: string[];
  changing: boolean;
  pending: boolean;
  /** Answers the server's refusal, or nothing when published. */
  onPublish: (notice: ReturnType<typeof requestOf> & { publishAt: string | undefined }) => Promise<string | undefined>;
  onCancel: (() => void) | undefined;
}) {
  const id = useId();
  const [draft, setDraft] = useState<NoticeDraft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  /** The text as parents will see it, rendered by the server; undefined while writing. */
  const [previewHtml, setPreviewHtml] = useState<string | undefined>(undefined);
  const previewing = previewHtml !== undefined;
  const trpc = useTRPC();
  const render = useMutation(trpc.parents.previewNotice.mutationOptions());
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (previewing) previewRef.current?.focus();
  }, [previewing]);
  const set = (change: Partial<NoticeDraft>) => setDraft({ ...draft, ...change });
  const request = requestOf(draft);

  function preview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = newNoticeSchema.safeParse({
      ...request,
      publishAt: request.publishAt === 'missing' ? undefined : request.publishAt,
    });
    const found: Errors = checked.success
      ? {}
      : Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    if (request.publishAt === 'missing') found.publishAt = 'Please give the day and the time';
    else if (draft.when === 'later' && request.publishAt && Date.parse(request.publishAt) <= Date.now())
      found.publishAt = 'Please choose a time still to come, or publish now.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      titleRef.current?.form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setRefusal(undefined);
    render.mutate(
      { body: draft.body },
      {
        onSuccess: ({ html }) => setPreviewHtml(html),
        onError: (failure) => setErrors({ body: `The preview could not be made: ${failure.message}` }),
      },
    );
  }

  async function publish() {
    const refused = await onPublish({
      ...request,
      publishAt: request.publishAt === 'missing' ? undefined : request.publishAt,
    });
    setRefusal(refused);
    if (!refused) {
      setDraft(emptyNotice);
      setPreviewHtml(undefined);
    }
  }

  if (previewing) {
    const publishAt =
      request.publishAt && request.publishAt !== 'missing'
        ? request.publishAt
        : (keptPublishAt ?? new Date().toISOString());
    return (
      <div className="parents-office__preview-block">
        <h5 className="parents-office__preview-title" ref={previewRef} tabIndex={-1}>
          Preview: as parents will see it
        </h5>
        <p className="parents-office__note">
          For: {audienceText(draft.audience, request.audienceValue ?? null)}.{' '}
          {draft.when === 'later'
            ? `Parents see it and are emailed on ${formatDashboardDate(publishAt)}.`
            : changing
              ? 'Parents see the change at once; nobody is emailed again.'
              : 'Parents see it at once and are emailed its title with a link.'}
        </p>
        <article className="parents-office__preview" aria-labelledby={`${id}-preview-title`}>
          <h6 id={`${id}-preview-title`} className="parents-office__notice-title">
            {draft.title.trim()}
          </h6>
          <p className="parents-office__notice-date">
            <time dateTime={publishAt}>{formatDashboardDate(publishAt)}</time>
          </p>
          <div className="blog-body" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </article>
        {refusal ? (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="parents-office__buttons">
          <button type="button" className="button button--primary" disabled={pending} onClick={() => void publish()}>
            {pending
              ? 'Publishing...'
              : changing
                ? 'Save the changes'
                : draft.when === 'later'
                  ? 'Publish at that time'
                  : 'Publish now'}
          </button>
          <button type="button" className="button button--outline" onClick={() => setPreviewHtml(undefined)}>
            Back to writing
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="parents-office__form" onSubmit={preview} noValidate>
      <AdminField
        label="Title"
        hint="The email to parents carries the title and a link, never the text."
        error={errors.title}
      >
        {(control) => (
          <input
            {...control}
            ref={titleRef}
            className="field__input"
            autoComplete="off"
            value={draft.title}
            onChange={(event) => set({ title: event.target.value })}
          />
        )}
      </AdminField>
      <AdminField
        label="Text"
        hint="Markdown, as in blog posts: **bold**, *italic*, lists starting with - and [links](https://…)."
        error={errors.body}
      >
        {(control) => (
          <textarea
            {...control}
            className="field__input parents-office__body"
            rows={8}
            value={draft.body}
            onChange={(event) => set({ body: event.target.value })}
          />
        )}
      </AdminField>
      <fieldset className="parents-office__choice">
        <legend className="field__label">For</legend>
        {(Object.keys(audienceWords) as NoticeAudience[]).map((audience) => (
          <label key={audience} className="parents-office__radio">
            <input
              type="radio"
              name={`${id}-audience`}
              value={audience}
              checked={draft.audience === audience}
              onChange={() => set({ audience })}
            />{' '}
            {audienceWords[audience]}
          </label>
        ))}
      </fieldset>
      {draft.audience === 'class' ? (
        <AdminField
          label="Class"
          hint="As the families’ class is written; capitals do not matter."
          error={errors.audienceValue}
        >
          {(control) => (
            <>
              <input
                {...control}
                className="field__input"
                autoComplete="off"
                list={`${id}-classes`}
                value={draft.className}
                onChange={(event) => set({ className: event.target.value })}
              />
              <datalist id={`${id}-classes`}>
                {classes.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </AdminField>
      ) : null}
      {draft.audience === 'program' ? (
        <AdminField label="Program" error={errors.audienceValue}>
          {(control) => (
            <select
              {...control}
              className="field__input"
              value={draft.program}
              onChange={(event) => set({ program: event.target.value })}
            >
              {programNames.map((name) => (
                <option key={name} value={name}>
                  {programLabel(name)}
                </option>
              ))}
            </select>
          )}
        </AdminField>
      ) : null}
      <fieldset className="parents-office__choice">
        <legend className="field__label">When</legend>
        <label className="parents-office__radio">
          <input
            type="radio"
            name={`${id}-when`}
            checked={draft.when === 'now'}
            onChange={() => set({ when: 'now' })}
          />{' '}
          {changing ? 'Keep its time' : 'Now'}
        </label>
        <label className="parents-office__radio">
          <input
            type="radio"
            name={`${id}-when`}
            checked={draft.when === 'later'}
            onChange={() => set({ when: 'later' })}
          />{' '}
          At a day and time to come
        </label>
      </fieldset>
      {draft.when === 'later' ? (
        <div className="parents-office__when">
          <AdminField label="Day" error={errors.publishAt}>
            {(control) => (
              <input
                {...control}
                className="field__input"
                type="date"
                value={draft.day}
                onChange={(event) => set({ day: event.target.value })}
              />
            )}
          </AdminField>
          <AdminField label="Time (India)">
            {(control) => (
              <input
                {...control}
                className="field__input"
                type="time"
                value={draft.time}
                onChange={(event) => set({ time: event.target.value })}
              />
            )}
          </AdminField>
        </div>
      ) : null}
      <FormButtons
        className="parents-office__buttons"
        submitText={render.isPending ? 'Making the preview...' : 'Preview'}
        pending={render.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
