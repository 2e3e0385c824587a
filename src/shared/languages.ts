/** The languages the site speaks. English only for now: a second is added here (decision 0063). */
export const languages = ['en'] as const;

export type Language = (typeof languages)[number];

/** The language of a request that asks for none, which is every request until a second language arrives. */
export const defaultLanguage: Language = 'en';
