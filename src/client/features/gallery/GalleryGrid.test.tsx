import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { galleryPage } from '#content/gallery.ts';
import { startingGallery } from '#shared/content/gallery.ts';
import { GalleryGrid } from './GalleryGrid';
import { EAGER_IMAGE_COUNT, filterGallery, GRID_IMAGE_SIZES } from './galleryFilter';

const noop = () => undefined;
const galleryImages = startingGallery();

describe('gallery grid', () => {
  it("says 'No images found for the selected category.' when a filter yields nothing", () => {
    const withoutGarden = galleryImages.filter((image) => image.category !== 'Garden');
    const html = renderToString(
      <GalleryGrid
        id="grid"
        images={filterGallery(withoutGarden, 'Garden')}
        onOpen={noop}
        emptyText={galleryPage.emptyText}
      />,
    );
    expect(galleryPage.emptyText).toBe('No images found for the selected category.');
    expect(html).toContain(galleryPage.emptyText);
    expect(html).not.toContain('<img');
  });

  it('renders every image with size and alt text, lazy after the first row', () => {
    const html = renderToString(
      <GalleryGrid id="grid" images={galleryImages} onOpen={noop} emptyText={galleryPage.emptyText} />,
    );
    const images = html.match(/<img [^>]*>/g) ?? [];
    expect(images).toHaveLength(28);
    for (const [position, tag] of images.entries()) {
      expect(tag).toMatch(/ alt="[^"]{10,}"/);
      expect(tag).toMatch(/ width="\d+"/);
      expect(tag).toMatch(/ height="\d+"/);
      expect(tag).toContain(position < EAGER_IMAGE_COUNT ? 'loading="eager"' : 'loading="lazy"');
    }
    expect(html).not.toContain(galleryPage.emptyText);
  });
});

describe('gallery grid with the office’s photos', () => {
  it('shows an uploaded photo as a picture with AVIF, WebP and JPEG at each width, sized, with the grid’s sizes', () => {
    const photo = {
      photoId: 'a1b2c3d4e5f6a1b2c3d4e5f6',
      width: 2400,
      height: 1600,
      alt: 'Children planting saplings along the school wall',
    };
    const items = [{ title: 'Planting Day', category: 'Garden' as const, image: photo }, ...galleryImages.slice(0, 5)];
    const html = renderToString(
      <GalleryGrid id="grid" images={items} onOpen={noop} emptyText={galleryPage.emptyText} />,
    );
    const picture = html.match(/<picture>.*?<\/picture>/)?.[0] ?? '';
    expect(picture).toContain(
      '<source type="image/avif" srcSet="/media/photos/a1b2c3d4e5f6a1b2c3d4e5f6-480.avif 480w, /media/photos/a1b2c3d4e5f6a1b2c3d4e5f6-960.avif 960w, /media/photos/a1b2c3d4e5f6a1b2c3d4e5f6-1600.avif 1600w"',
    );
    expect(picture).toContain('type="image/webp"');
    expect(picture).toContain(`sizes="${GRID_IMAGE_SIZES}"`);
    expect(picture).toMatch(
      /<img class="gallery-item__image" src="\/media\/photos\/a1b2c3d4e5f6a1b2c3d4e5f6-1600\.jpg" srcSet="[^"]*-480\.jpg 480w[^"]*" sizes="[^"]+" alt="Children planting saplings along the school wall" width="1600" height="1067" loading="eager"/,
    );
    // The illustrations that follow are plain images, still sized.
    expect(html.match(/<img [^>]*>/g)).toHaveLength(6);
  });
});
