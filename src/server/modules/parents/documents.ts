import { parentDocumentHref, type ParentDocumentInput } from '#shared/parents/documents.ts';
import type { ParentDocumentLink } from '#shared/parents/parentsCorner.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import type { Config } from '#server/config.ts';
import type { StaffScope } from '#server/requestScope.ts';
import * as repository from './repository';

type Dependencies = { config: Config; storage: repository.ParentsStore };

/** The bytes every PDF starts with. */
const PDF_SIGNATURE = Buffer.from('%PDF-');

export const isPdf = (bytes: Uint8Array) => Buffer.from(bytes).subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE);

/** The documents the office uploads (PDFs, under DATA_DIR) and a signed-in parent opens. */
export function createParentDocuments({ config: { dataDir }, storage: { db } }: Dependencies) {
  const audit = auditWriter({ db });
  const changeOf = ({ at, asker }: StaffScope) => ({ at: at.toISOString(), by: asker.account.id });

  return {
    /** The documents a parent may open, each with its address. */
    async documentLinks(): Promise<ParentDocumentLink[]> {
      const documents = await repository.documentsWithFile(db, dataDir);
      return documents.map((document) => ({ ...document, href: parentDocumentHref(document.id) }));
    },

    /** A document's title and bytes for a parent, or undefined when it cannot be opened. */
    documentFile: (id: number) => repository.readDocumentFile(db, dataDir, id),

    documents: () => repository.listDocuments(db, dataDir),

    /** Keeps a PDF (the caller has checked its size) for a document to take; 'not-a-pdf' for any other file. */
    async uploadDocumentFile({ at }: StaffScope, bytes: Uint8Array): Promise<{ fileId: string } | 'not-a-pdf'> {
      if (!isPdf(bytes)) return 'not-a-pdf';
      return { fileId: await repository.storeDocumentUpload(db, dataDir, bytes, at) };
    },

    async addDocument(scope: StaffScope, document: ParentDocumentInput): Promise<number | 'upload-gone'> {
      const id = await repository.insertDocument(db, dataDir, document, changeOf(scope));
      if (id !== 'upload-gone')
        await audit(scope, 'parent-document-added', { documentId: id, withFile: document.fileId !== undefined });
      return id;
    },

    async editDocument(
      scope: StaffScope,
      id: number,
      document: ParentDocumentInput,
    ): Promise<'updated' | 'gone' | 'upload-gone'> {
      const result = await repository.updateDocument(db, dataDir, id, document, changeOf(scope));
      if (result === 'updated')
        await audit(scope, 'parent-document-changed', {
          documentId: id,
          fileReplaced: document.fileId !== undefined,
        });
      return result;
    },

    async removeDocument(scope: StaffScope, id: number): Promise<boolean> {
      const removed = await repository.deleteDocument(db, dataDir, id);
      if (removed) await audit(scope, 'parent-document-removed', { documentId: id });
      return removed;
    },
  };
}
