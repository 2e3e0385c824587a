import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfficeParentDocument } from '#shared/parents/documents.ts';
import { formatSchoolTime } from '#shared/schoolTimes.ts';
import { useTRPC } from '#client/trpc.tsx';
import { LoadedList } from '#client/features/admin/common/LoadedList.tsx';
import { DocumentForm } from './DocumentForm';
import { PaneItems } from './PaneItems';
import type { PaneProps } from './paneProps';
import { usePaneRemoval } from './usePaneRemoval';
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
  const removal = usePaneRemoval((handlers) => trpc.parents.removeDocument.mutationOptions(handlers), {
    removed: 'Document removed',
    reload: () => queryClient.invalidateQueries(trpc.parents.documents.pathFilter()),
    headingRef,
  });

  return (
    <div className="parents-panes">
      <p className="admin-section__plain">
        Only signed-in parents of the school can open these PDFs; they are never on the public site.
      </p>
      <LoadedList
        query={documents}
        failed="The documents could not be loaded. Please try again."
        empty="No documents yet."
      >
        {(items) => (
          <PaneItems
            items={items}
            nameOf={(document) => `the document ${document.title}`}
            changeText={(document) => (document.file ? 'Change or replace the file' : 'Change or upload the file')}
            consequence="Parents will no longer be able to open it."
            removal={removal}
            view={(document) => (
              <>
                {document.description ? <p className="parents-panes__meta">{document.description}</p> : null}
                <p className="parents-panes__meta">{fileText(document)}</p>
              </>
            )}
            form={(document, done) => <DocumentForm document={document} onDone={done} />}
          />
        )}
      </LoadedList>
      <DocumentForm />
    </div>
  );
}
