import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  enquiryStatusLabels,
  personDataFileName,
  personDataPath,
  personLookupFromText,
  personLookupSchema,
  type EnquiryRef,
  type ErasureResult,
  type PersonEnquiry,
  type PersonFamily,
  type PersonFound,
  type PersonLookupInput,
} from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { downloadFile } from '#client/features/admin/common/downloadFile.ts';
import { ErasureForm } from './ErasureForm';
import { erasureText, itemsText } from './erasureText';
import { kindTexts, viewOfKinded } from '#client/features/admin/common/enquiryView.ts';
import { Fact } from '#client/features/admin/common/Fact.tsx';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';
import { EnquiryCard } from './EnquiryCard';
import { PersonFamilyCard } from './PersonFamilyCard';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import './enquiries.css';

const SEARCH_FAILED = 'The search failed. Please try again.';

const refOf = (enquiry: PersonEnquiry): EnquiryRef => ({ kind: enquiry.kind, id: enquiry.row.id });
const keyOf = (enquiry: PersonEnquiry) => `${enquiry.kind}-${enquiry.row.id}`;
const familyKeyOf = (family: PersonFamily) => `family-${family.id}`;

type PersonEnquiryCardProps = { enquiry: PersonEnquiry; ticked: boolean; onTick: (ticked: boolean) => void };

/** One of the person's enquiries, with everything staff need to tell it is theirs, and the box that says it is. */
function PersonEnquiryCard({ enquiry, ticked, onTick }: PersonEnquiryCardProps) {
  const view = viewOfKinded(enquiry);
  const id = useId();
  return (
    <EnquiryCard
      view={view}
      where={enquiry.inSpamFolder ? `Spam (${kindTexts[view.kind].tabLabel})` : kindTexts[view.kind].tabLabel}
      moreFacts={
        <>
          <Fact label="Status">{enquiryStatusLabels[view.status]}</Fact>
          {view.remarks && <Fact label="Remarks">{view.remarks}</Fact>}
        </>
      }
    >
      <div className="erasure__choice">
        <input id={`${id}-tick`} type="checkbox" checked={ticked} onChange={(event) => onTick(event.target.checked)} />
        <label htmlFor={`${id}-tick`}>
          From the person who asked
          <span className="visually-hidden">
            {' '}
            ({view.name}, {view.receivedText})
          </span>
        </label>
      </div>
    </EnquiryCard>
  );
}

function summaryOf({ enquiries, families }: PersonFound, searchedFor: string): string {
  if (enquiries.length === 0 && families.length === 0) return `No enquiries found for ${searchedFor}.`;
  return `${itemsText(enquiries.length, families.length)} found for ${searchedFor}. Check that they are from the person who asked, and untick any that are not.`;
}

/**
 * The Data requests tab (issue 10, section 3; issue 27): when someone asks for their data or for
 * its erasure, staff find every enquiry of their email address or phone number, the Spam folder
 * included, and the Parents' Corner families they are a parent of (issue 37), see them together,
 * untick any from someone else (an address a family shares), and give the person a copy of the
 * ticked ones or erase them in one go.
 */
export function PersonalDataPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [searched, setSearched] = useState<{ lookup: PersonLookupInput; text: string } | undefined>();
  const [erased, setErased] = useState<string | undefined>();
  const [downloading, setDownloading] = useState(false);
  /** The enquiries and families found that staff unticked: every one is ticked until then. */
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const { endSession } = useStaffSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const erasedRef = useRef<HTMLParagraphElement>(null);
  const found = useQuery({
    ...trpc.privacy.findPerson.queryOptions(searched?.lookup ?? {}),
    enabled: searched !== undefined,
    staleTime: 0,
  });

  useEffect(() => {
    if (erased) erasedRef.current?.focus();
  }, [erased]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const lookup = personLookupFromText(text);
    const parsed = personLookupSchema.safeParse(lookup);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setErased(undefined);
    setUnticked(new Set());
    if (searched && JSON.stringify(searched.lookup) === JSON.stringify(lookup)) void found.refetch();
    else setSearched({ lookup, text: text.trim() });
  }

  function tick(key: string, ticked: boolean) {
    const next = new Set(unticked);
    if (ticked) next.delete(key);
    else next.add(key);
    setUnticked(next);
  }

  async function download(lookup: PersonLookupInput, chosen: { enquiries: EnquiryRef[]; families: number[] }) {
    if (downloading) return;
    setDownloading(true);
    const { outcome, fileName } = await downloadFile(
      personDataPath(lookup, chosen, 'json'),
      'application/json',
      personDataFileName(),
    );
    setDownloading(false);
    if (outcome === 'unauthorized') endSession();
    else if (outcome === 'saved') toast({ title: 'Download successful', description: `Saved as ${fileName}` });
    else
      toast({
        title: 'Download failed',
        description: 'Their data could not be downloaded. Please try again.',
        variant: 'destructive',
      });
  }

  async function afterErasure(result: ErasureResult) {
    setErased(erasureText(result));
    setSearched(undefined);
    setUnticked(new Set());
    setText('');
    await queryClient.invalidateQueries(trpc.dashboard.pathFilter());
    await queryClient.invalidateQueries(trpc.privacy.pathFilter());
  }

  const chosen = {
    enquiries: (found.data?.enquiries ?? []).filter((enquiry) => !unticked.has(keyOf(enquiry))).map(refOf),
    families: (found.data?.families ?? []).filter((family) => !unticked.has(familyKeyOf(family))).map(({ id }) => id),
  };
  const chosenCount = chosen.enquiries.length + chosen.families.length;

  return (
    <div className="enquiries data-requests">
      <p className="panel-intro">
        When someone asks for a copy of their data, or for it to be erased, find every enquiry they sent by their email
        address or phone number. Enquiries in the Spam folder are included, and so is their family in the Parents’
        Corner.
      </p>
      <form
        className="filters data-requests__search"
        role="search"
        aria-label="Find a person's enquiries"
        noValidate
        onSubmit={search}
      >
        <div className="filters__field filters__field--search">
          <label htmlFor={`${id}-person`}>Email address or phone number</label>
          <input
            id={`${id}-person`}
            ref={inputRef}
            className="field__input"
            type="search"
            autoComplete="off"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary admin-small-button">
          Find
        </button>
        {error && (
          <p id={`${id}-error`} className="field__error filters__error">
            {error}
          </p>
        )}
      </form>
      {erased && (
        <p className="data-requests__done" role="status" tabIndex={-1} ref={erasedRef}>
          {erased}
        </p>
      )}
      <p className="enquiries__summary" role="status">
        {searched && (found.isPending ? 'Searching...' : found.data ? summaryOf(found.data, searched.text) : '')}
      </p>
      {searched && found.isError && <LoadFailed message={SEARCH_FAILED} onRetry={() => void found.refetch()} />}
      {searched && found.data && found.data.enquiries.length + found.data.families.length > 0 && (
        <>
          <ul className="spam__entries" aria-label={`Enquiries of ${searched.text}`}>
            {found.data.enquiries.map((enquiry) => (
              <PersonEnquiryCard
                key={keyOf(enquiry)}
                enquiry={enquiry}
                ticked={!unticked.has(keyOf(enquiry))}
                onTick={(ticked) => tick(keyOf(enquiry), ticked)}
              />
            ))}
            {found.data.families.map((family) => (
              <PersonFamilyCard
                key={familyKeyOf(family)}
                family={family}
                ticked={!unticked.has(familyKeyOf(family))}
                onTick={(ticked) => tick(familyKeyOf(family), ticked)}
              />
            ))}
          </ul>
          <p className="data-requests__none" role="status">
            {chosenCount === 0
              ? 'No enquiry is ticked. Tick those from the person who asked to give them a copy or to erase them.'
              : ''}
          </p>
          {chosenCount > 0 && (
            <>
              <div className="data-requests__access">
                <a
                  className="button button--outline"
                  href={personDataPath(searched.lookup, chosen, 'html')}
                  target="_blank"
                  rel="noopener"
                >
                  Open a copy to print or save as PDF<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                <button
                  type="button"
                  className="button button--outline"
                  aria-disabled={downloading}
                  onClick={() => void download(searched.lookup, chosen)}
                >
                  {downloading ? 'Downloading...' : 'Download their data (JSON)'}
                </button>
                <p>
                  The copy to print holds the ticked enquiries and Parents’ Corner families in plain words, with their
                  emails and why the school keeps them: send it to the person who asked to see their data. The JSON file
                  holds the same for a computer to read.
                </p>
              </div>
              <ErasureForm
                key={JSON.stringify(found.data)}
                lookup={searched.lookup}
                shown={{
                  enquiries: found.data.enquiries.map(refOf),
                  families: found.data.families.map(({ id }) => id),
                }}
                chosen={chosen}
                onErased={(result) => void afterErasure(result)}
                onChanged={() => void found.refetch()}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
