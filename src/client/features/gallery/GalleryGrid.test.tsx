import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { galleryImages, galleryPage } from '../../../content/gallery';
import { GalleryGrid } from './GalleryGrid';
import { EAGER_IMAGE_COUNT, filterGallery } from './galleryFilter';

const noop = () => undefined;

describe('gallery grid', () => {
  it("says 'No images found for the selected category.' when a filter yields nothing", () => {
    const withoutGarden = galleryImages.filter((image) => image.category !== 'Garden');
    const html = renderToString(<GalleryGrid id="grid" images={filterGallery(withoutGarden, 'Garden')} onOpen={noop} emptyText={galleryPage.emptyText} />);
    expect(galleryPage.emptyText).toBe('No images found for the selected category.');
    expect(html).toContain(galleryPage.emptyText);
    expect(html).not.toContain('<img');
  });

  it('renders every image with size and alt text, lazy after the first row', () => {
    const html = renderToString(<GalleryGrid id="grid" images={galleryImages} onOpen={noop} emptyText={galleryPage.emptyText} />);
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
