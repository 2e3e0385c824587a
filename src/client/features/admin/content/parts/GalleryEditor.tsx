import { galleryCategories, type GalleryCategory } from '#content/galleryCategories.ts';
import { galleryLabels, galleryList } from '#shared/content/gallery.ts';
import type { GalleryFormItem } from '#shared/content/parts/gallery.ts';
import { siteContentParts } from '#shared/content/siteContent.ts';
import { FieldError } from '#client/ui/FieldError.tsx';
import { ItemTextField, type PartEditorProps } from '../ContentItemControls';
import { ContentListEditor } from '../ContentListEditor';
import { PhotoField } from '../PhotoField';

const blank = (): GalleryFormItem => ({ title: '', category: '', image: undefined });

/** The Gallery page's photos in the Site content form: caption, category and photo each, in the office's order. */
export function GalleryEditor({ value, errors, onChange }: PartEditorProps<'gallery'>) {
  return (
    <ContentListEditor
      part="gallery"
      legend={siteContentParts.gallery}
      hint={galleryList.hint}
      item={galleryList.item}
      addLabel={galleryList.add}
      entries={value}
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
            <ItemTextField
              id={fieldId('title')}
              label={galleryLabels.title}
              value={entry.title}
              error={errorOf('title')}
              onChange={(title) => update({ title })}
            />
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
            <PhotoField
              label={galleryLabels.image(position)}
              value={entry.image}
              onChange={(image) => update({ image })}
              error={ownErrorOf('image')}
              altError={errorOf('image.alt')}
              required
            />
          </>
        );
      }}
    </ContentListEditor>
  );
}
