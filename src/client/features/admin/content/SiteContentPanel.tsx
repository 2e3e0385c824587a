import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'wouter';
import {
  partAtSegment,
  partContentOf,
  partFormOf,
  partKeys,
  partSegment,
  siteContentParts,
  siteContentSchema,
  type PartForms,
  type SiteContent,
  type SiteContentPart,
} from '#shared/content/siteContent.ts';
import type { PreviewPage } from '#shared/content/preview.ts';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import type { PartEditorProps } from './ContentItemControls';
import { confirmLeave, useLeaveGuard } from '#client/features/admin/common/leaveGuard.ts';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import { forget, holdsKept, keep, readKept } from './keptForm';
import { partEditors } from './parts/editors';
import { PreviewLink } from './PreviewLink';
import './content.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

const partPath = (listPath: string, part: SiteContentPart) => `${listPath}/${partSegment(part)}`;

/** The server's session lapses after 30 idle minutes: a call this often while someone types keeps it open. */
const KEEP_ALIVE_MS = 4 * 60 * 1000;

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
const partsText = (parts: readonly SiteContentPart[]) => parts.map((part) => siteContentParts[part]).join(', ');
const belongsTo = (part: SiteContentPart, path: string) => path === part || path.startsWith(`${part}.`);
/** The keys of a form's list items, in order: when they change, messages found by position no longer fit. */
const itemKeys = (form: unknown) => {
  const keys: unknown[] = [];
  JSON.stringify(form, (name, value: unknown) => {
    if (name === 'key') keys.push(value);
    return value;
  });
  return keys.join();
};
/** A link within the dashboard asks first when a form holds unsaved work. */
const guarded = (event: MouseEvent) => {
  if (!confirmLeave()) event.preventDefault();
};

type DraftState = { draft: SiteContent; unpublished: SiteContentPart[]; previewPages: PreviewPage[] };

/**
 * The Editor's and the Owner's "Site content" section (issue 11, decision 0037): without a part,
 * the list of parts (each with whether it holds changes not on the site) and the published
 * versions; with one, that part's editor, saved as a draft, previewed, then published.
 */
export function SiteContentPanel({ part, listPath }: { part: string | undefined; listPath: string }) {
  const trpc = useTRPC();
  const state = useQuery(trpc.content.draft.queryOptions());
  const { account } = useStaffSession();

  if (state.isError && !state.data) {
    return (
      <LoadFailed
        message="The site content could not be loaded. Please try again."
        onRetry={() => void state.refetch()}
      />
    );
  }
  if (!state.data || !account) {
    return (
      <p className="enquiries__state" role="status">
        Loading the site content...
      </p>
    );
  }
  if (part === undefined)
    return <ContentParts unpublished={state.data.unpublished} accountId={account.id} listPath={listPath} />;
  const key = partAtSegment(part);
  if (!key) {
    return (
      <p className="enquiries__state">
        There is no such part of the site content. <Link href={listPath}>See all the parts</Link>
      </p>
    );
  }
  return <PartPage key={key} part={key} data={state.data} accountId={account.id} listPath={listPath} />;
}

function ContentParts({
  unpublished,
  accountId,
  listPath,
}: {
  unpublished: readonly SiteContentPart[];
  accountId: number;
  listPath: string;
}) {
  const partState = (part: SiteContentPart) =>
    holdsKept(accountId, part)
      ? 'Changes not saved yet, kept in this browser'
      : unpublished.includes(part)
        ? 'Saved as a draft, not on the site yet'
        : 'On the site';
  return (
    <div className="site-content">
      <p className="panel-intro">
        Changes here are a draft until you publish them. Visitors see only what is published.
      </p>
      <nav className="site-content__parts" aria-label="Parts of the site content">
        <ul>
          {partKeys.map((part) => (
            <li key={part}>
              <Link href={partPath(listPath, part)} onClick={guarded}>
                {siteContentParts[part]}
              </Link>
              <span className="site-content__part-state">{partState(part)}</span>
            </li>
          ))}
        </ul>
      </nav>
      <Revisions />
    </div>
  );
}

/** The publishes, newest first; any earlier one can be brought back. */
function Revisions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Asked afresh each time the list shows: a Restore pressed on a list from before the last publish would bring back the wrong version.
  const revisions = useQuery({ ...trpc.content.revisions.queryOptions(), refetchOnMount: 'always' });
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  const restore = useMutation(
    trpc.content.restore.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.content.pathFilter()),
      onError: (error) => {
        if (!isUnauthorized(error)) toast({ title: 'Not done', description: errorText(error), variant: 'destructive' });
      },
    }),
  );
  const restoredText = (revisionId: number) => {
    const earlier = revisions.data?.find((candidate) => candidate.id === revisionId);
    return earlier ? `the version of ${formatDashboardDate(earlier.publishedAt)}` : 'an earlier version';
  };
  return (
    <>
      <h3 className="panel-subtitle">Published versions</h3>
      <p className="site-content__state" role="status">
        {outcome}
      </p>
      {!revisions.isFetchedAfterMount ? (
        <p className="enquiries__state">Loading the published versions...</p>
      ) : revisions.data && revisions.data.length > 0 ? (
        <ul className="site-content__revisions">
          {revisions.data.map((revision, index) => (
            <li key={revision.id} className="site-content__revision">
              <span>
                {formatDashboardDate(revision.publishedAt)}:{' '}
                {revision.changed.length
                  ? `${partsText(revision.changed)}, by ${revision.actor ?? 'the server'}`
                  : 'the content the site was built with'}
                {revision.restoredFrom ? ` (brought back: ${restoredText(revision.restoredFrom)})` : ''}
                {index === 0 ? ' (on the site now)' : ''}
              </span>
              {index > 0 ? (
                <button
                  type="button"
                  className="button button--outline admin-small-button"
                  disabled={restore.isPending}
                  onClick={() =>
                    restore.mutate(
                      { revisionId: revision.id },
                      {
                        onSuccess: ({ revision: restored }) =>
                          setOutcome(
                            `Restored the version of ${formatDashboardDate(revision.publishedAt)}: ${partsText(restored.changed)}. Every page shows it now.`,
                          ),
                      },
                    )
                  }
                >
                  Restore
                  <span className="visually-hidden"> the version of {formatDashboardDate(revision.publishedAt)}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="enquiries__state">
          Nothing has been published from here yet: the site shows the content it was built with.
        </p>
      )}
    </>
  );
}

type PartPageProps<K extends SiteContentPart> = { part: K; data: DraftState; accountId: number; listPath: string };

/** One part's editor: what is typed is kept in the browser until saved, and leaving with it unsaved asks first. */
function PartPage<K extends SiteContentPart>({ part, data, accountId, listPath }: PartPageProps<K>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const Editor: ComponentType<PartEditorProps<K>> = partEditors[part];
  const label = siteContentParts[part];
  const [kept] = useState(() => readKept(accountId, part));
  const [form, setForm] = useState<PartForms[K]>(() => kept ?? partFormOf(part, data.draft));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [outcome, setOutcome] = useState<string | undefined>(undefined);
  const lastCall = useRef(Date.now());
  const refresh = () => queryClient.invalidateQueries(trpc.content.pathFilter());
  const onError = (error: unknown) => {
    if (!isUnauthorized(error)) toast({ title: 'Not done', description: errorText(error), variant: 'destructive' });
  };
  const save = useMutation(trpc.content.saveDraft.mutationOptions({ onSettled: refresh, onError }));
  const publish = useMutation(trpc.content.publish.mutationOptions({ onSettled: refresh, onError }));

  const unsaved =
    JSON.stringify(partContentOf(part, form)) !== JSON.stringify(partContentOf(part, partFormOf(part, data.draft)));
  useLeaveGuard(`the ${label.toLowerCase()}`, unsaved);
  useEffect(() => {
    if (unsaved) keep(accountId, part, form);
    else forget(accountId, part);
  }, [accountId, part, form, unsaved]);

  function change(next: PartForms[K]) {
    if (itemKeys(next) !== itemKeys(form))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !belongsTo(part, path))));
    setForm(next);
    setOutcome(undefined);
    if (Date.now() - lastCall.current > KEEP_ALIVE_MS) {
      lastCall.current = Date.now();
      // Any signed-in call counts as activity on the server; this one is small.
      void queryClient.fetchQuery({ ...trpc.content.revisions.queryOptions(), staleTime: 0 }).catch(() => undefined);
    }
  }

  /** The whole content with this part as the form holds it, checked by the server's own schema; its messages by path. */
  const checked = (): SiteContent | undefined => {
    const parsed = siteContentSchema.safeParse({ ...data.draft, [part]: partContentOf(part, form) });
    setErrors(
      parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message])),
    );
    return parsed.success ? parsed.data : undefined;
  };

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = checked();
    if (!content) return;
    const { unpublished } = await save.mutateAsync(content);
    forget(accountId, part);
    setOutcome(
      unpublished.length
        ? `Draft saved. Not yet on the site: ${partsText(unpublished)}.`
        : 'Draft saved. It is the same as the published site.',
    );
  }

  async function onPublish() {
    const content = checked();
    if (!content) return;
    const { revision, content: published } = await publish.mutateAsync(content);
    forget(accountId, part);
    setForm(partFormOf(part, published));
    setOutcome(`Published: ${partsText(revision.changed)}. Every page shows it now.`);
  }

  const busy = save.isPending || publish.isPending;
  const others = data.unpublished.filter((other) => other !== part);
  const elsewhere = Object.entries(errors).flatMap(([path, message]) => {
    const owner = partKeys.find((candidate) => belongsTo(candidate, path));
    return owner && owner !== part && message ? [{ path, owner, message }] : [];
  });
  const status =
    outcome ??
    (unsaved
      ? 'Changes not saved yet: they are only in this browser. Save a draft to keep them.'
      : data.unpublished.includes(part)
        ? 'Saved as a draft, not on the site yet.'
        : 'On the site: visitors see what is here.');

  return (
    <div className="site-content">
      <p className="site-content__back">
        <Link href={listPath} onClick={guarded}>
          All parts of the site content
        </Link>
      </p>
      <h3 className="panel-subtitle">{label}</h3>
      <p className="panel-intro">
        Changes here are a draft until you publish them. Visitors see only what is published.
      </p>
      {kept && unsaved ? (
        <p className="site-content__restored" role="note">
          Restored what you had not saved. Save a draft to keep it, or publish it.
        </p>
      ) : null}
      <form className="site-content__form" onSubmit={onSave} noValidate>
        <Editor value={form} errors={errors} onChange={change} />
        {elsewhere.length ? (
          <div className="site-content__elsewhere" role="alert">
            <p>Another part needs a change first:</p>
            <ul>
              {elsewhere.map(({ path, owner, message }) => (
                <li key={path}>
                  <Link href={partPath(listPath, owner)} onClick={guarded}>
                    {siteContentParts[owner]}
                  </Link>
                  : {message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="field__hint">
          Publish puts this part on the site as it is here
          {others.length ? `, and with it the drafts saved in ${partsText(others)}` : ''}.
        </p>
        <div className="site-content__actions">
          <button type="submit" className="button button--outline" disabled={busy}>
            {save.isPending ? 'Saving...' : 'Save draft'}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void onPublish()}>
            {publish.isPending ? 'Publishing...' : 'Publish'}
          </button>
          {/* Beside the buttons, where the eye is after pressing one, however far down the form. */}
          <p className="site-content__state" role="status">
            {status}
          </p>
        </div>
        <PreviewLink pages={data.previewPages} />
      </form>
    </div>
  );
}
