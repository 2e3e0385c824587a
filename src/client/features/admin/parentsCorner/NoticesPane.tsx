import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';
import { RemovalQuestion } from './ConfirmRemoval';
import { draftOf, emptyNotice, NoticeForm } from './NoticeForm';
import { audienceText, errorText } from './officeText';

type Notice = {
  id: number;
  title: string;
  body: string;
  audience: string;
  audienceValue: string | null;
  publishAt: string;
  familiesRead: number;
  familiesFor: number;
};

const familiesText = (count: number) => (count === 1 ? '1 family' : `${count} families`);

/** Who has read a notice, asked for when the office opens it. */
function Readers({ noticeId }: { noticeId: number }) {
  const trpc = useTRPC();
  const readers = useQuery(trpc.parents.noticeReaders.queryOptions({ noticeId }));
  if (readers.isPending)
    return (
      <p className="parents-office__note" role="status">
        Loading who has read it...
      </p>
    );
  if (readers.isError)
    return <LoadFailed message="Who has read it could not be loaded." onRetry={() => void readers.refetch()} />;
  if (readers.data.length === 0) return <p className="parents-office__note">Nobody has read it yet.</p>;
  return (
    <ul className="parents-office__readers">
      {readers.data.map((reader) => (
        <li key={`${reader.name}-${reader.readAt}`}>
          {reader.name} ({reader.childName}, {reader.className}), on{' '}
          <time dateTime={reader.readAt}>{formatDashboardDate(reader.readAt)}</time>
        </li>
      ))}
    </ul>
  );
}

function NoticeItem({ notice, onChange }: { notice: Notice; onChange: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [readersOpen, setReadersOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.parents.removeNotice.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.parents.notices.queryFilter()),
      onSuccess: () => toast({ title: `“${notice.title}” is removed` }),
      onError: (error: unknown) => {
        if (!isUnauthorized(error)) toast({ title: 'Not done', description: errorText(error), variant: 'destructive' });
      },
    }),
  );
  const coming = Date.parse(notice.publishAt) > Date.now();
  const readersId = `notice-${notice.id}-readers`;
  return (
    <li className="parents-office__notice">
      <h5 className="parents-office__notice-title">{notice.title}</h5>
      <p className="parents-office__notice-facts">
        <span>{audienceText(notice.audience, notice.audienceValue)}</span>
        <span>
          {coming ? 'To be published on ' : 'Published on '}
          <time dateTime={notice.publishAt}>{formatDashboardDate(notice.publishAt)}</time>
        </span>
        {coming ? null : (
          <span>
            Read by {notice.familiesRead} of {familiesText(notice.familiesFor)}
          </span>
        )}
      </p>
      <div className="parents-office__buttons">
        {coming ? null : (
          <button
            type="button"
            className="button button--outline admin-small-button"
            aria-expanded={readersOpen}
            aria-controls={readersId}
            aria-label={`Who has read it: “${notice.title}”`}
            onClick={() => setReadersOpen(!readersOpen)}
          >
            Who has read it
          </button>
        )}
        <button
          type="button"
          className="button button--outline admin-small-button"
          aria-label={`Change “${notice.title}”`}
          onClick={onChange}
        >
          Change
        </button>
        <button
          type="button"
          className="button button--outline admin-small-button"
          aria-expanded={confirming}
          aria-label={`Remove “${notice.title}”`}
          onClick={() => setConfirming(!confirming)}
        >
          Remove
        </button>
      </div>
      <div id={readersId} hidden={!readersOpen}>
        {readersOpen ? <Readers noticeId={notice.id} /> : null}
      </div>
      {confirming ? (
        <RemovalQuestion
          label={`Remove “${notice.title}”`}
          question="Remove this notice? Parents no longer see it."
          confirm="Yes, remove the notice"
          pending={remove.isPending}
          onRemove={() => remove.mutate({ noticeId: notice.id })}
          onKeep={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}

/** The office's notices to parents: writing one with its preview, and the list with who has read each. */
export function NoticesPane() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const notices = useQuery(trpc.parents.notices.queryOptions());
  const families = useQuery(trpc.parents.families.queryOptions());
  const [changing, setChanging] = useState<Notice | undefined>(undefined);
  const formHeadingRef = useRef<HTMLHeadingElement>(null);
  const onSettled = () => queryClient.invalidateQueries(trpc.parents.notices.queryFilter());
  const publish = useMutation(trpc.parents.publishNotice.mutationOptions({ onSettled }));
  const change = useMutation(trpc.parents.changeNotice.mutationOptions({ onSettled }));
  const classes = [...new Set((families.data ?? []).map((family) => family.className))].sort();

  return (
    <div className="parents-office__pane">
      <h4 className="parents-office__subtitle" ref={formHeadingRef} tabIndex={-1}>
        {changing ? `Change “${changing.title}”` : 'Write a notice'}
      </h4>
      <NoticeForm
        key={changing?.id ?? 'new'}
        initial={changing ? draftOf(changing) : emptyNotice}
        keptPublishAt={changing?.publishAt}
        classes={classes}
        changing={changing !== undefined}
        pending={publish.isPending || change.isPending}
        onCancel={changing ? () => setChanging(undefined) : undefined}
        onPublish={async (notice) => {
          try {
            if (changing) {
              await change.mutateAsync({ ...notice, noticeId: changing.id });
              toast({ title: `“${notice.title.trim()}” is changed` });
              setChanging(undefined);
            } else {
              await publish.mutateAsync(notice);
              toast({
                title: notice.publishAt
                  ? `“${notice.title.trim()}” will be published`
                  : `“${notice.title.trim()}” is published`,
              });
            }
            formHeadingRef.current?.focus();
            return undefined;
          } catch (error) {
            return isUnauthorized(error) ? undefined : errorText(error);
          }
        }}
      />
      <h4 className="parents-office__subtitle">Notices</h4>
      {notices.isPending ? (
        <p className="enquiries__state" role="status">
          Loading the notices...
        </p>
      ) : notices.isError ? (
        <LoadFailed
          message="The notices could not be loaded. Please try again."
          onRetry={() => void notices.refetch()}
        />
      ) : notices.data.length === 0 ? (
        <p className="admin-section__plain">No notice yet.</p>
      ) : (
        <ul className="parents-office__notices" aria-label="Notices">
          {notices.data.map((notice) => (
            <NoticeItem
              key={notice.id}
              notice={notice}
              onChange={() => {
                setChanging(notice);
                formHeadingRef.current?.focus();
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
