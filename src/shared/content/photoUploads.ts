/**
 * What the office may upload as a photo (issue 11, decision 0029): the limits and the words of
 * each refusal, read by the server that checks and by the dashboard that explains.
 */

/** The types the file input offers; the server checks the bytes themselves, whatever the name or type says. */
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A phone's full-size photo is 2 to 8 MB; 15 MB leaves room for a camera's. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/** More pixels than any phone takes (a 200-megapixel sensor saves 50 MP by default); a file declaring more is refused before it is decoded. */
export const PHOTO_MAX_PIXELS = 40_000_000;

export const photoUploadMessages = {
  notAPhoto: 'Please choose a JPEG, PNG or WebP photo.',
  tooLarge: `Please choose a photo under ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPixels: `This photo has too many pixels (over ${PHOTO_MAX_PIXELS / 1_000_000} megapixels). Please choose a smaller one.`,
  unreadable: 'This photo could not be read. It may be damaged; please choose another.',
} as const;

export type PhotoRefusal = keyof typeof photoUploadMessages;

/** The words of a photo field in the dashboard (PhotoField), which browser tests look for too. */
export const photoFieldText = {
  choose: 'Choose a photo',
  chooseAnother: 'Choose another photo',
  hint: `A JPEG, PNG or WebP photo, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Its location and camera details are removed.`,
  alt: 'Description for people who cannot see it',
  altHint: 'Say what the photo shows, as you would to someone on the phone.',
  none: 'No photo chosen yet.',
  uploading: 'Uploading…',
  uploaded: 'Photo uploaded. Check that the description fits it.',
  remove: 'Remove the photo',
  failed: 'The photo could not be uploaded. Please try again.',
} as const;
