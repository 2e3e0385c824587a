import { useSearch } from 'wouter';

/** The query parameter that names the enquiry to open on arrival: `?search=<email>&open=<id>`. */
const OPEN_PARAM = 'open';

/** An admission enquiry's own address beneath /admin: the list searched for the family, that enquiry opened. */
export const admissionEnquiryPath = (enquiry: { id: number; email: string }): string =>
  `/enquiries/admission?${new URLSearchParams({ search: enquiry.email, [OPEN_PARAM]: String(enquiry.id) }).toString()}`;

/** Whether the address asks for the enquiry `id` to be open. */
export function useOpenedByAddress(id: number): boolean {
  return new URLSearchParams(useSearch()).get(OPEN_PARAM) === String(id);
}
