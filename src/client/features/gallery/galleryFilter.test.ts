import { describe, expect, it } from 'vitest';
import { startingGallery } from '#shared/content/gallery.ts';
import { galleryCategories } from '#content/galleryCategories.ts';
import { ALL_IMAGES, filterGallery, galleryFilters } from './galleryFilter';

const galleryImages = startingGallery();

describe('gallery filter', () => {
  it('offers All and then the six categories in the spec order', () => {
    expect(galleryFilters).toEqual([
      ALL_IMAGES,
      'Toddler Program',
      'Primary Program',
      'Elementary Program',
      'Adolescent Program',
      'Garden',
      'Workshops',
    ]);
  });

  it('shows all 28 images under All, in content order', () => {
    expect(filterGallery(galleryImages, ALL_IMAGES)).toEqual(galleryImages);
    expect(filterGallery(galleryImages, ALL_IMAGES)).toHaveLength(28);
  });

  it('shows only the chosen category', () => {
    for (const category of galleryCategories) {
      const shown = filterGallery(galleryImages, category);
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.every((image) => image.category === category)).toBe(true);
    }
    expect(filterGallery(galleryImages, 'Garden').map((image) => image.title)).toEqual([
      'Vegetable Beds',
      'Watering Round',
      'Composting',
      'Harvest Day',
    ]);
  });

  it('yields nothing for a category without images', () => {
    const withoutWorkshops = galleryImages.filter((image) => image.category !== 'Workshops');
    expect(filterGallery(withoutWorkshops, 'Workshops')).toEqual([]);
  });
});
