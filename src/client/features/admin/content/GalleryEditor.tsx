import { galleryCategories, type GalleryCategory } from '../../../../content/galleryCategories';
import { galleryLabels, galleryList, type GalleryItem } from '../../../../shared/content/gallery';
import type { SiteImage } from '../../../../shared/content/photos';
import { siteContentParts } from '../../../../shared/content/siteContent';
import { FieldError } from '../../../ui/FieldError';
import { ItemTextField, withKey, withoutKey, type Keyed, type PathErrors } from './ContentItemControls';
import { ContentListEditor } from './ContentListEditor';
import { PhotoField } from './PhotoField';

/** A gallery item as the form holds it: the photo and the category may still be missing. */
type GalleryFormItem = { title: string; category: GalleryCategory | ''; image: SiteImage | undefined };
export type GalleryEntry = Keyed<GalleryFormItem>;

const blank = (): GalleryFormItem => ({ title: '', category: '', image: undefined });

export const galleryEntries = (gallery: readonly GalleryItem[]): GalleryEntry[] => gallery.map((item) => withKey(item));
/** What the schema checks: a blank category is no category. */
export const galleryContent = (entries: readonly GalleryEntry[]) => entries.map(withoutKey).map(({ category, ...item }) => ({ ...item, category: category || undefined }));

type GalleryEditorProps = { entries: GalleryEntry[]; errors: PathErrors; onChange: (entries: GalleryEntry[]) => void };

/** The Gallery page's photos in the Site content form: caption, category and photo each, in the office's order. */
export function GalleryEditor({ entries, errors, onChange }: GalleryEditorProps) {
  return (
    <ContentListEditor
      part="gallery"
      legend={siteContentParts.gallery}
      hint={galleryList.hint}
      item={galleryList.item}
      addLabel={galleryList.add}
      entries={entries}
      errors={errors}
      onChange={onChange}
      blank={blank}
      nameOf={(entry) => entry.title}
      firstField="title"
    >
      {({ entry, position, fieldId, errorOf, ownErrorOf, update }) => {
        const categoryError = errorOf('category');
        return (
          <>
            <ItemTextField id={fieldId('title')} label={galleryLabels.title} value={entry.title} error={errorOf('title')} onChange={(title) => update({ title })} />
            <div className="field">
              <label className="field__label" htmlFor={fieldId('category')}>
                {galleryLabels.category}
              </label>
              <select
                id={fieldId('category')}
                className="field__input"
                value={entry.category}
                aria-invalid={categoryError ? true : undefined}
                aria-describedby={categoryError ? `${fieldId('category')}-error` : undefined}
                onChange={(event) => update({ category: event.target.value as GalleryCategory | '' })}
              >
                <option value="">{galleryList.chooseCategory}</option>
                {galleryCategories.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
              </select>
              {categoryError ? <FieldError id={`${fieldId('category')}-error`} message={categoryError} /> : null}
            </div>
            <PhotoField label={galleryLabels.image(position)} value={entry.image} onChange={(image) => update({ image })} error={ownErrorOf('image')} altError={errorOf('image.alt')} required />
          </>
        );
      }}
    </ContentListEditor>
  );
}
