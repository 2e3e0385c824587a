import { Link } from 'wouter';
import { admissionEnquiryPage, admissionTermsNote } from '#content/admissionEnquiry.ts';
import { withAdmissionsYear } from '#content/format.ts';
import { AdmissionForm } from '#client/features/enquiry/admission/AdmissionForm.tsx';
import { ClockIcon, PhoneIcon } from '#client/ui/icons/index.tsx';
import { PhoneLink } from '#client/ui/ContactLinks.tsx';
import { PageHeader } from '#client/ui/PageHeader.tsx';
import { useSiteData } from '#client/app/siteData.tsx';

function AdmissionsContactNote() {
  const { school } = useSiteData();
  const [admissionsPhone] = school.phones;
  return (
    <aside className="card enquiry-aside" aria-labelledby="enquiry-aside-heading">
      <h2 id="enquiry-aside-heading" className="enquiry-aside__title">
        Prefer to talk?
      </h2>
      <p>Call our admissions team; we are happy to answer your questions.</p>
      <p className="enquiry-aside__phone">
        <PhoneIcon size={20} />
        <PhoneLink phone={admissionsPhone} />
      </p>
      <p className="enquiry-aside__hours">
        <ClockIcon size={20} />
        <span>
          {school.officeHours.map((hours) => (
            <span key={hours}>{hours}</span>
          ))}
        </span>
      </p>
      <p className="enquiry-aside__terms">{admissionTermsNote}</p>
      <Link href="/admissions" className="enquiry-aside__link">
        How admissions work
      </Link>
    </aside>
  );
}

export default function AdmissionEnquiryPage() {
  const { admissionsYear } = useSiteData();
  return (
    <>
      <PageHeader
        title={admissionEnquiryPage.heading}
        intro={withAdmissionsYear(admissionEnquiryPage.intro, admissionsYear)}
      />
      <section className="section enquiry-page" aria-label="Admission enquiry">
        <div className="container enquiry-page__layout">
          <div className="card enquiry-page__form">
            <AdmissionForm />
          </div>
          <AdmissionsContactNote />
        </div>
      </section>
    </>
  );
}
