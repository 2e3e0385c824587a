/** Links that pages and forms name in their texts, by page key or address. */
import type { PageKey } from './pages';
import type { ProgramName } from './programNames';

/**
 * A page by its key: a page of the route table by its key in pages.ts, a program's tab by the
 * program's name, or 'pre-primary', the alias address the spec lists beside them. The
 * addresses come from the route table (src/shared/routeTable.ts); shared/pagePath.ts resolves them.
 */
export type PageLinkKey = PageKey | ProgramName | 'pre-primary';

/** A link in running text or a button (not a menu), with its address. */
export type LinkItem = { label: string; path: string };

/** The call to action that appears across the site. */
export const admissionEnquiryLink: LinkItem = { label: 'Admission Enquiry', path: '/admission-enquiry' };

/** Beside each enquiry form's Send button: where the form's data goes (the privacy notice). */
export const privacyNoticeLink = { label: 'How we use your details', to: 'privacy' } as const;
