import type { PageProps } from '../app/pageRegistry';

export default function AdmissionEnquiryPage({ route }: PageProps) {
  return <h1>{route.title}</h1>;
}
