import { useState, type FormEvent, type ReactNode } from 'react';
import { programNames } from '#content/programs.ts';
import { newFamilySchema, type NewFamilyInput } from '#shared/parents/parentsCorner.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { programLabel } from './officeText';

type Draft = Required<NewFamilyInput>;
const emptyDraft: Draft = { parentName: '', email: '', phone: '', childName: '', className: '', program: 'primary' };
type Errors = Partial<Record<keyof Draft, string>>;
const guardianFields = newFamilySchema.pick({ parentName: true, email: true, phone: true });

/** The fields of a family, or of a second parent (`guardianOnly`), checked by the server's schema before sending. */
export function FamilyForm({
  guardianOnly = false,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  guardianOnly?: boolean;
  submitLabel: string;
  pending: boolean;
  /** Answers a sentence for the email field when the server refuses, or nothing when done. */
  onSubmit: (family: Draft) => Promise<string | undefined>;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = (guardianOnly ? guardianFields : newFamilySchema).safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    const refused = await onSubmit({ ...draft, ...checked.data });
    if (refused) setErrors({ email: refused });
    else setDraft(emptyDraft);
  }

  return (
    <form className="parents-office__form" onSubmit={(event) => void submit(event)} noValidate>
      {children}
      <AdminField label="Parent’s name" error={errors.parentName}>
        {(control) => <input {...control} className="field__input" autoComplete="off" {...field('parentName')} />}
      </AdminField>
      <AdminField label="Email" hint="The parent logs in with it." error={errors.email}>
        {(control) => (
          <input {...control} className="field__input" type="email" autoComplete="off" {...field('email')} />
        )}
      </AdminField>
      <AdminField label="Phone" error={errors.phone}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            {...field('phone')}
          />
        )}
      </AdminField>
      {guardianOnly ? null : (
        <>
          <AdminField label="Child’s name" error={errors.childName}>
            {(control) => <input {...control} className="field__input" autoComplete="off" {...field('childName')} />}
          </AdminField>
          <AdminField
            label="Class"
            hint="As the school names it, for example Rose or Primary A."
            error={errors.className}
          >
            {(control) => <input {...control} className="field__input" autoComplete="off" {...field('className')} />}
          </AdminField>
          <AdminField label="Program" error={errors.program}>
            {(control) => (
              <select {...control} className="field__input" {...field('program')}>
                {programNames.map((name) => (
                  <option key={name} value={name}>
                    {programLabel(name)}
                  </option>
                ))}
              </select>
            )}
          </AdminField>
        </>
      )}
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}
