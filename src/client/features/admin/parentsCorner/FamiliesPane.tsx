import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { classChangeSchema, PARENT_LINK_DAYS } from '#shared/parents/parentsCorner.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';
import { RemovalQuestion } from './ConfirmRemoval';
import { FamilyForm } from './FamilyForm';
import { errorText, invitationText, programLabel } from './officeText';

type Guardian = {
  id: number;
  name: string;
  email: string;
  phone: string;
  invitedAt: string;
  acceptedAt: string | null;
};
type Family = { familyId: number; childName: string; className: string; program: string; guardians: Guardian[] };

const sentText = (emailed: boolean, email: string) =>
  emailed ? `Invitation emailed to ${email}` : 'Mail is off on this server: nobody was emailed';

function useFamilyActions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries(trpc.parents.families.queryFilter());
  const onError = (error: unknown) => {
    if (!isUnauthorized(error)) toast({ title: 'Not done', description: errorText(error), variant: 'destructive' });
  };
  return {
    addFamily: useMutation(trpc.parents.addFamily.mutationOptions({ onSettled })),
    addGuardian: useMutation(trpc.parents.addGuardian.mutationOptions({ onSettled })),
    resend: useMutation(trpc.parents.resendInvitation.mutationOptions({ onSettled, onError })),
    changeClass: useMutation(trpc.parents.changeClass.mutationOptions({ onSettled })),
    remove: useMutation(trpc.parents.removeFamily.mutationOptions({ onSettled, onError })),
  };
}
type Actions = ReturnType<typeof useFamilyActions>;

/** A refusal as the sentence for the field, unless the session ended (the dashboard then asks to sign in). */
async function refusalOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return isUnauthorized(error) ? undefined : errorText(error);
  }
}

function ClassChange({ family, actions, onDone }: { family: Family; actions: Actions; onDone: () => void }) {
  const [className, setClassName] = useState(family.className);
  const [error, setError] = useState<string | undefined>(undefined);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = classChangeSchema.safeParse({ familyId: family.familyId, className });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    const refused = await refusalOf(() => actions.changeClass.mutateAsync(checked.data));
    setError(refused);
    if (!refused) {
      toast({ title: `${family.childName} is now in ${checked.data.className}` });
      onDone();
    }
  }
  return (
    <form className="parents-office__inline" onSubmit={(event) => void save(event)} noValidate>
      <AdminField label={`Class of ${family.childName}`} error={error}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            autoComplete="off"
            value={className}
            onChange={(event) => setClassName(event.target.value)}
          />
        )}
      </AdminField>
      <div className="parents-office__buttons">
        <button type="submit" className="button button--outline admin-small-button">
          Save the class
        </button>
        <button type="button" className="button button--outline admin-small-button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

type Opened = 'class' | 'guardian' | 'remove' | undefined;

function FamilyItem({ family, actions }: { family: Family; actions: Actions }) {
  const [opened, setOpened] = useState<Opened>(undefined);
  const toggle = (what: Opened) => setOpened((now) => (now === what ? undefined : what));
  const canAddGuardian = family.guardians.length < 2;
  return (
    <li className="parents-office__family">
      <div className="parents-office__family-head">
        <h4 className="parents-office__child">{family.childName}</h4>
        <p className="parents-office__class">
          Class: {family.className} · {programLabel(family.program)}
        </p>
      </div>
      <ul className="parents-office__guardians">
        {family.guardians.map((guardian) => (
          <li key={guardian.id} className="parents-office__guardian">
            <span className="parents-office__guardian-name">{guardian.name}</span>
            <span className="parents-office__guardian-contact">
              {guardian.email} · {guardian.phone}
            </span>
            <span className={`parents-office__state${guardian.acceptedAt ? '' : ' parents-office__state--waiting'}`}>
              {invitationText(guardian)}
            </span>
            {guardian.acceptedAt ? null : (
              <button
                type="button"
                className="button button--outline admin-small-button"
                aria-label={`Send the invitation again to ${guardian.name}`}
                disabled={actions.resend.isPending}
                onClick={() =>
                  actions.resend.mutate(
                    { guardianId: guardian.id },
                    { onSuccess: () => toast({ title: `Invitation sent again to ${guardian.email}` }) },
                  )
                }
              >
                Send the invitation again
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="parents-office__buttons">
        <button
          type="button"
          className="button button--outline admin-small-button"
          aria-expanded={opened === 'class'}
          aria-label={`Change class of ${family.childName}`}
          onClick={() => toggle('class')}
        >
          Change class
        </button>
        {canAddGuardian ? (
          <button
            type="button"
            className="button button--outline admin-small-button"
            aria-expanded={opened === 'guardian'}
            aria-label={`Add a second parent of ${family.childName}`}
            onClick={() => toggle('guardian')}
          >
            Add a second parent
          </button>
        ) : null}
        <button
          type="button"
          className="button button--outline admin-small-button"
          aria-expanded={opened === 'remove'}
          aria-label={`Remove the family of ${family.childName}`}
          onClick={() => toggle('remove')}
        >
          Remove
        </button>
      </div>
      {opened === 'class' ? (
        <ClassChange family={family} actions={actions} onDone={() => setOpened(undefined)} />
      ) : null}
      {opened === 'guardian' ? (
        <FamilyForm
          guardianOnly
          submitLabel="Add and send the invitation"
          pending={actions.addGuardian.isPending}
          onSubmit={(guardian) =>
            refusalOf(async () => {
              const { emailed } = await actions.addGuardian.mutateAsync({
                familyId: family.familyId,
                parentName: guardian.parentName,
                email: guardian.email,
                phone: guardian.phone,
              });
              toast({ title: sentText(emailed, guardian.email) });
              setOpened(undefined);
            })
          }
        >
          <p className="parents-office__note">
            A second parent of {family.childName}, with their own login and invitation.
          </p>
        </FamilyForm>
      ) : null}
      {opened === 'remove' ? (
        <RemovalQuestion
          label={`Remove the family of ${family.childName}`}
          question={`Remove the family of ${family.childName}? Its parents lose access to the Parents’ Corner at once, and are signed out on every device.`}
          confirm="Yes, remove the family"
          pending={actions.remove.isPending}
          onRemove={() =>
            actions.remove.mutate(
              { familyId: family.familyId },
              { onSuccess: () => toast({ title: `The family of ${family.childName} is removed` }) },
            )
          }
          onKeep={() => setOpened(undefined)}
        />
      ) : null}
    </li>
  );
}

/** The families of the Parents' Corner: who is invited, who has accepted; adding, resending, moving, removing. */
export function FamiliesPane() {
  const trpc = useTRPC();
  const families = useQuery(trpc.parents.families.queryOptions());
  const actions = useFamilyActions();
  return (
    <div className="parents-office__pane">
      {families.isPending ? (
        <p className="enquiries__state" role="status">
          Loading the families...
        </p>
      ) : families.isError ? (
        <LoadFailed
          message="The families could not be loaded. Please try again."
          onRetry={() => void families.refetch()}
        />
      ) : families.data.length === 0 ? (
        <p className="admin-section__plain">
          No family yet. Invite one from an admission enquiry at Enrolled, or add one below.
        </p>
      ) : (
        <ul className="parents-office__families" aria-label="Families">
          {families.data.map((family) => (
            <FamilyItem key={family.familyId} family={family} actions={actions} />
          ))}
        </ul>
      )}
      <h4 className="parents-office__subtitle">Add a family</h4>
      <p className="parents-office__note">
        The parent is emailed an invitation to choose a password; the link works once, for {PARENT_LINK_DAYS} days.
      </p>
      <FamilyForm
        submitLabel="Add the family and send the invitation"
        pending={actions.addFamily.isPending}
        onSubmit={(family) =>
          refusalOf(async () => {
            const { emailed } = await actions.addFamily.mutateAsync(family);
            toast({ title: sentText(emailed, family.email) });
          })
        }
      />
    </div>
  );
}
