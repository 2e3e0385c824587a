/**
 * The enquiry tables name each column after its field, in snake_case: `studentName` is stored in
 * `student_name`. The conversion is the whole mapping, both ways, at the type level and at run
 * time, so a new field needs no map of its own (decision 0018 says why not Kysely's CamelCasePlugin).
 */
type SnakeCase<Name extends string> = Name extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${SnakeCase<Rest>}`
  : Name;

/** A column holds any text: rows stored before a choice list changed keep their values. */
type Stored<Value> = Value extends string ? string : Value;

/** An object's keys in snake_case; a value that may be absent is stored as NULL. */
export type Columns<T> = {
  [K in keyof T as K extends string ? SnakeCase<K> : never]-?: undefined extends T[K]
    ? Stored<Exclude<T[K], undefined>> | null
    : Stored<T[K]>;
};

export const columnName = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
export const fieldName = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
