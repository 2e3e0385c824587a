import type { ComponentType } from 'react';
import type { SiteContentPart } from '#shared/content/siteContent.ts';
import type { PartEditorProps } from '../ContentItemControls';
import { AdmissionsYearEditor } from './AdmissionsYearEditor';
import { AnnouncementEditor } from './AnnouncementEditor';
import { BlogPostsEditor } from './BlogPostsEditor';
import { GalleryEditor } from './GalleryEditor';
import { SchoolFactsEditor } from './SchoolFactsEditor';
import { TeamEditor } from './TeamEditor';
import { TestimonialsEditor } from './TestimonialsEditor';

/** Each part's editor, one line each (decision 0037): the parts' own registry is in shared/content/siteContent.ts. */
export const partEditors: { [K in SiteContentPart]: ComponentType<PartEditorProps<K>> } = {
  announcement: AnnouncementEditor,
  admissionsYear: AdmissionsYearEditor,
  blogPosts: BlogPostsEditor,
  gallery: GalleryEditor,
  team: TeamEditor,
  testimonials: TestimonialsEditor,
  schoolFacts: SchoolFactsEditor,
};
