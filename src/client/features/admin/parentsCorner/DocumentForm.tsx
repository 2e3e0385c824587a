import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import {
  PARENT_DOCUMENT_MAX_BYTES,
  parentDocumentLabels,
  parentDocumentMessages,
  parentDocumentSchema,
  type OfficeParentDocument,
} from '#shared/parents/documents.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField, AdminTextField } from '#client/features/admin/common/AdminField.tsx';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { firstMessagePerField } from '#client/features/admin/common/fieldMessages.ts';
import { PaneForm } from './PaneForm';

type Field = 'title' | 'description' | 'file';
type Errors = Partial<Record<Field, string>>;

const messageOf = (failure: unknown) => (failure instanceof Error && failure.message ? failure.message : undefined);

/** A chosen file's problem the browser can see before sending it: its size, or a name and type that are not a PDF's. */
function fileProblem(file: File): string | undefined {
  if (file.size > PARENT_DOCUMENT_MAX_BYTES) return parentDocumentMessages.tooLarge;
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf'))
    return parentDocumentMessages.notAPdf;
  return undefined;
}

/**
 * Adds a document, or (given `document`) changes its words and replaces its PDF. The file is
 * uploaded first (checked by its bytes on the server), then the document takes it.
 */
export function DocumentForm({ document, onDone }: { document?: OfficeParentDocument; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(document?.title ?? '');
  const [description, setDescription] = useState(document?.description ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useMutation(trpc.parents.uploadDocumentFile.mutationOptions());
  const add = useMutation(trpc.parents.addDocument.mutationOptions());
  const edit = useMutation(trpc.parents.editDocument.mutationOptions());
  const [saving, setSaving] = useState(false);

  function showErrors(found: Errors) {
    setErrors(found);
    const first = (['title', 'description', 'file'] as const).find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="document-${first}"]`)?.focus();
  }

  async function save(file: File | undefined) {
    setSaving(true);
    try {
      const fileId = file ? (await upload.mutateAsync(file)).fileId : undefined;
      const fields = { title, description, ...(fileId ? { fileId } : {}) };
      if (document) await edit.mutateAsync({ ...fields, id: document.id });
      else await add.mutateAsync(fields);
      toast({ title: document ? `Document saved: ${title.trim()}` : `Document added: ${title.trim()}` });
      if (!document) {
        setTitle('');
        setDescription('');
      }
      if (fileRef.current) fileRef.current.value = '';
      setErrors({});
      onDone?.();
    } catch (failure) {
      if (isUnauthorized(failure)) return;
      const status = httpStatusOf(failure);
      // A refused file (not a PDF, too large, its upload gone) is the file field's; a document gone, the list's.
      if (status === 413 || status === 415 || status === 400) showErrors({ file: messageOf(failure) });
      else
        toast({
          title: document ? 'Not saved' : 'Not added',
          description: status === 404 ? messageOf(failure) : 'Please try again.',
          variant: 'destructive',
        });
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries(trpc.parents.documents.pathFilter());
    }
  }

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const file = fileRef.current?.files?.[0];
    const checked = parentDocumentSchema.safeParse({ title, description });
    const found: Errors = checked.success ? {} : firstMessagePerField(checked.error.issues);
    const problem = file ? fileProblem(file) : undefined;
    if (problem) found.file = problem;
    if (!found.title && !found.description && !found.file) void save(file);
    else showErrors(found);
  }

  return (
    <PaneForm
      title={document ? `Change “${document.title}”` : 'Add a document'}
      formRef={formRef}
      onSubmit={submit}
      submitText={document ? 'Save the document' : 'Add the document'}
      pending={saving}
      onCancel={document ? onDone : undefined}
    >
      <AdminTextField
        label={parentDocumentLabels.title}
        error={errors.title}
        name="document-title"
        autoComplete="off"
        value={title}
        onChange={setTitle}
      />
      <AdminTextField
        label={parentDocumentLabels.description}
        optional
        error={errors.description}
        name="document-description"
        rows={2}
        value={description}
        onChange={setDescription}
      />
      <AdminField
        label={document?.file ? 'A new PDF file to replace the current one' : parentDocumentLabels.file}
        optional
        hint={`A PDF of at most ${PARENT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB. Parents see the document once it has a file.`}
        error={errors.file}
      >
        {(control) => (
          <input
            {...control}
            ref={fileRef}
            name="document-file"
            className="field__input"
            type="file"
            accept="application/pdf,.pdf"
          />
        )}
      </AdminField>
      <p className="admin-section__plain" role="status">
        {saving ? (upload.isPending ? 'Uploading the file…' : 'Saving…') : ''}
      </p>
    </PaneForm>
  );
}
