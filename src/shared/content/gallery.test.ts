import { describe, expect, it } from 'vitest';
import { galleryImages } from '#content/gallery.ts';
import { galleryMessages, gallerySchema, startingGallery } from './gallery';
import { photoMessages } from './photos';
import { changedParts, siteContentSchema, startingSiteContent } from './siteContent';

const photo = { photoId: 'a1b2c3d4e5f6a1b2c3d4e5f6', width: 1600, height: 1200, alt: 'Children planting saplings' };
const item = { title: 'Planting Day', category: 'Garden', image: photo };

/** The messages of a gallery, by the path the dashboard puts them beside. */
function messages(gallery: unknown): Record<string, string> {
  const parsed = gallerySchema.safeParse(gallery);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the gallery as site content', () => {
  it('starts as the gallery that ships with the site: 28 illustrations, in order, with their captions and categories', () => {
    const gallery = startingSiteContent().gallery;
    expect(gallery).toEqual(startingGallery());
    expect(gallery.map((entry) => entry.title)).toEqual(galleryImages.map((image) => image.title));
    expect(gallery.map((entry) => entry.image)).toEqual(galleryImages.map((image) => image.image));
    expect(gallery.map((entry) => entry.category)).toEqual(galleryImages.map((image) => image.category));
  });

  it('takes an uploaded photo with a caption and one of the six categories, the caption trimmed', () => {
    expect(gallerySchema.parse([{ ...item, title: '  Planting Day ' }])).toEqual([item]);
  });

  it('says in plain words what is wrong, beside the field', () => {
    expect(messages([{ ...item, title: ' ' }])).toEqual({ '0.title': galleryMessages.captionMissing });
    expect(messages([{ ...item, title: 'x'.repeat(81) }])).toEqual({ '0.title': galleryMessages.captionTooLong });
    expect(messages([{ ...item, category: 'Music' }])).toEqual({ '0.category': galleryMessages.categoryMissing });
    expect(messages([{ ...item, category: undefined }])).toEqual({ '0.category': galleryMessages.categoryMissing });
    expect(messages([{ ...item, image: undefined }])).toEqual({ '0.image': photoMessages.photoMissing });
    expect(messages([{ ...item, image: { ...photo, alt: '  ' } }])).toEqual({
      '0.image.alt': photoMessages.altMissing,
    });
    expect(messages([item, { ...item, title: 'Again' }])).toEqual({ '1.image': galleryMessages.photoTwice });
    expect(messages([])).toEqual({ '': galleryMessages.empty });
    expect(
      messages(
        Array.from({ length: 61 }, (_, index) => ({
          ...item,
          image: { ...photo, photoId: index.toString(16).padStart(24, '0') },
        })),
      ),
    ).toEqual({ '': galleryMessages.tooMany });
  });

  it('reads content stored before the gallery could be edited with the starting gallery', () => {
    const { gallery, team, testimonials, ...older } = startingSiteContent();
    expect(siteContentSchema.parse(older)).toEqual(startingSiteContent());
    // Compared as JSON, key order and all: nothing reads as changed.
    expect(changedParts(siteContentSchema.parse(older), startingSiteContent())).toEqual([]);
    expect([gallery.length, team.length, testimonials.length]).toEqual([28, 9, 6]);
  });
});
