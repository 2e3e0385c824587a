import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OfficeParentDocument } from '../../../../shared/parents/documents';
import { formatSchoolTime } from '../../../../shared/schoolTimes';
import { useTRPC } from '../../../trpc';
import { toast } from '../../../ui/toast/toastStore';
import { httpStatusOf, isUnauthorized } from '../common/apiErrors';
import { LoadFailed } from '../common/LoadFailed';
import { ConfirmRemoval } from './ConfirmRemoval';
import { DocumentForm } from './DocumentForm';
import type { PaneProps } from './paneProps';
import './parentsPanes.css';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Whether parents can open it, in words. */
function fileText({ file }: OfficeParentDocument): string {
  if (!file) return 'No file yet: parents do not see this document until a PDF is uploaded.';
  if (file.missing)
    return 'Its PDF is missing on the server (documents are not in the backups): please upload it again.';
  return `PDF, ${sizeText(file.bytes)}, uploaded ${formatSchoolTime(file.uploadedAt, { from: new Date() })}.`;
}

/**
 * The office's documents of the Parents' Corner: the PDFs a signed-in parent opens, to add,
 * describe, replace or remove. A document without a file is not shown to parents.
 */
export function DocumentsPane({ headingRef }: PaneProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const documents = useQuery(trpc.parents.documents.queryOptions());
  const [editing, setEditing] = useState<number | undefined>(undefined);
  const remove = useMutation(
    trpc.parents.removeDocument.mutationOptions({
      onSuccess: () => toast({ title: 'Document removed' }),
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        toast({
          title: 'Not removed',
          description: httpStatusOf(failure) === 404 ? failure.message : 'Please try again.',
          variant: 'destructive',
        });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.parents.documents.pathFilter()),
    }),
  );

  function removeDocument(id: number) {
    // The item goes with its buttons: the cursor waits on the list's heading.
    headingRef.current?.focus();
    remove.mutate({ id });
  }

  return (
    <div className="parents-panes">
      <p className="admin-section__plain">
        Only signed-in parents of the school can open these PDFs; they are never on the public site.
      </p>
      {documents.isError ? (
        <LoadFailed
          message="The documents could not be loaded. Please try again."
          onRetry={() => void documents.refetch()}
        />
      ) : !documents.data ? (
        <p className="admin-section__plain" role="status">
          Loading…
        </p>
      ) : documents.data.length === 0 ? (
        <p className="admin-section__plain">No documents yet.</p>
      ) : (
        <ul className="parents-panes__list">
          {documents.data.map((document) =>
            editing === document.id ? (
              <li key={document.id} className="parents-panes__item">
                <DocumentForm document={document} onDone={() => setEditing(undefined)} />
              </li>
            ) : (
              <li key={document.id} className="parents-panes__item">
                <p className="parents-panes__item-title">{document.title}</p>
                {document.description ? <p className="parents-panes__meta">{document.description}</p> : null}
                <p className="parents-panes__meta">{fileText(document)}</p>
                <div className="parents-panes__actions">
                  <button
                    type="button"
                    className="button button--outline admin-small-button"
                    aria-label={`Change the document ${document.title}`}
                    onClick={() => setEditing(document.id)}
                  >
                    {document.file ? 'Change or replace the file' : 'Change or upload the file'}
                  </button>
                  <ConfirmRemoval
                    what={`the document ${document.title}`}
                    consequence="Parents will no longer be able to open it."
                    pending={remove.isPending}
                    onRemove={() => removeDocument(document.id)}
                  />
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <DocumentForm />
    </div>
  );
}
