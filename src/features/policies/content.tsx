import { COMPANY, POLICY_DATE } from '@/domain/company';
import { MSME_MAX_TERM_DAYS } from '@/domain/msme';
import { DEFAULT_SIGNOFF_DAYS } from '@/domain/project-terms';
import { RENEWAL_DEFAULTS } from '@/domain/renewal-terms';
import { SUPPORT_TIER_LIST } from '@/domain/support-tiers';
import {
  DELETED_WITH_ACCOUNT,
  PERSON_RECORDS_RULE,
  lastDayKept,
  TAX_RECORD_RETENTION_PLAIN,
  TAX_RECORD_RETENTION_RULE,
  taxRecordRetainedUntil,
} from '@/domain/retention';
import type { TaxSettings } from '@/domain/tax';
import { taxSettings } from '@/lib/tax-settings';
import type { PolicyDocument } from './policy-page';

/*
 * The four policies. The numbers that matter are fixed by the business (spec section 9): data is
 * deleted within 30 days after cancellation, billing errors are reported within 30 days of the
 * invoice date, liability is capped at the fees paid in the previous 12 months, and nothing is
 * shipped physically.
 */

/** How GST is charged, as the seller's configuration says (the cart and the API follow the same settings). */
export function TaxTerms({ settings }: { settings: TaxSettings }) {
  const rate = `${settings.ratePercent}%`;
  const accepted =
    'Your order is accepted when we confirm it and receive payment or agree a payment schedule with you in writing.';
  if (!settings.registered) {
    return (
      <p>
        We are not registered for GST and do not charge it: the amount you pay is the price shown or the invoice amount.
        For every payment we issue a numbered payment receipt. {accepted}
      </p>
    );
  }
  const invoice =
    'For every payment we issue a numbered GST tax invoice that shows the taxable value and the GST (CGST and SGST, or IGST for a customer in another state); if you give us your GSTIN, it is printed on the invoice so that you can claim input tax credit.';
  return settings.pricesIncludeGst ? (
    <p>
      Prices include GST at the applicable rate (currently {rate}): the amount you pay is the price shown or the invoice
      amount, and no tax is added at checkout. {invoice} {accepted}
    </p>
  ) : (
    <p>
      Prices are shown before GST. GST at the applicable rate (currently {rate}) is added to the price shown or the
      invoice amount, and the cart shows the total payable, GST included, before you pay. {invoice} {accepted}
    </p>
  );
}

const DATA_DELETION_DAYS = 30;
/** 15 November 2026 in India: the worked example of how long tax records are kept (a fixed date, so the page is the same wherever it is rendered). */
const RETENTION_EXAMPLE_MS = Date.UTC(2026, 10, 15, 6, 30);
const BILLING_ERROR_DAYS = 30;
const LIABILITY_MONTHS = 12;

const Contact = () => (
  <p>
    {COMPANY.legalName}
    <br />
    {COMPANY.address}
    <br />
    Email: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
    <br />
    Phone: {COMPANY.phone}
  </p>
);

/** The last section of the terms, refund and cancellation policies alike. */
const CONTACT_US: PolicyDocument['sections'][number] = { id: 'contact', heading: 'Contact us', body: <Contact /> };

export const PRIVACY_POLICY: PolicyDocument = {
  title: 'Privacy Policy',
  dateLabel: `Last updated: ${POLICY_DATE}`,
  summary: `This policy explains what personal data ${COMPANY.name} collects when you use our website and services, why we collect it, who we share it with and the choices you have. We collect only what we need to answer you, deliver your software and get paid, and we never sell your data.`,
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are',
      body: (
        <>
          <p>
            {COMPANY.legalName} (&ldquo;{COMPANY.shortName}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) builds custom
            software for businesses and individuals in India: custom software development, recurring maintenance and
            support plans, and one-time projects. We are the data fiduciary for the personal data described in this
            policy under the Digital Personal Data Protection Act, 2023 and the Information Technology Act, 2000 and its
            rules.
          </p>
          <p>
            This policy covers our website, customer accounts, the cart and checkout, enquiries and invoice payments.
            Software we build and run for a client on the client&rsquo;s behalf is covered by our agreement with that
            client, who decides how their own customers&rsquo; data is used.
          </p>
        </>
      ),
    },
    {
      id: 'data-we-collect',
      heading: 'Data we collect',
      body: (
        <>
          <p>We collect the following, mostly directly from you:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your name, email address, phone number, postal address, city, state and
              country, and whether you use a guest account. If you sign in with Google we receive your name, email
              address and Google account identifier.
            </li>
            <li>
              <strong>Enquiries:</strong> your name, business name, contact number, email address and the message you
              send us.
            </li>
            <li>
              <strong>Orders, invoices and payments:</strong> the plans in your cart, your orders and invoices, amounts,
              status and the payment reference returned by our payment provider. We never see or store your full card
              number, CVV, UPI PIN or net-banking password.
            </li>
            <li>
              <strong>Email preferences:</strong> whether you asked for news and offers, when, and the exact words you
              agreed to.
            </li>
            <li>
              <strong>Technical data:</strong> IP address, browser type, device information and the times of your
              requests, which our servers record to keep the service secure and working, and a short-lived token from
              Google reCAPTCHA Enterprise that shows a request comes from our website in a real browser.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'how-we-use-data',
      heading: 'How we use your data',
      body: (
        <ul>
          <li>To create and manage your account and let you sign in.</li>
          <li>To answer your enquiries and prepare quotations.</li>
          <li>To process orders and payments, issue invoices and keep accounting records required by law.</li>
          <li>To design, build, deliver, maintain and support the software you buy from us.</li>
          <li>
            To send you service messages about your orders, invoices, payments, renewals, maintenance and security.
            These are part of the service and are sent whatever you choose.
          </li>
          <li>
            To send you news and offers, only if you ask for them on your profile page. You can stop them at any time
            there or with one click in any such email.
          </li>
          <li>To protect our services against fraud, abuse and attacks, for example by limiting repeated requests.</li>
          <li>
            To comply with legal obligations, such as tax and accounting rules, and lawful requests from authorities.
          </li>
        </ul>
      ),
    },
    {
      id: 'legal-basis',
      heading: 'Why we are allowed to use it',
      body: (
        <p>
          We process your personal data on the basis of your consent, which you give when you create an account, send an
          enquiry or place an order, and for the legitimate uses permitted by law, such as performing a contract with
          you, complying with legal obligations and keeping our services secure. You can withdraw your consent at any
          time as described below; this does not affect processing that already took place.
        </p>
      ),
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      body: (
        <>
          <p>
            We share personal data only with service providers who help us run our business, under contracts that
            protect it:
          </p>
          <ul>
            <li>Google Firebase, for sign-in and for storing account, cart, order, invoice and enquiry data.</li>
            <li>
              Google reCAPTCHA Enterprise and Firebase App Check, which tell people from automated abuse (such as bots
              creating accounts or sending enquiries) using technical data about your browser and device.
            </li>
            <li>Razorpay, our payment gateway, which processes your payment and tells us whether it succeeded.</li>
            <li>Hosting, email and support tools we use to run the website and communicate with you.</li>
            <li>Professional advisers such as auditors and lawyers, and authorities where the law requires it.</li>
          </ul>
          <p>We do not sell or rent your personal data, and we do not share it with advertisers.</p>
        </>
      ),
    },
    {
      id: 'storage-and-transfers',
      heading: 'Where your data is stored',
      body: (
        <p>
          Our service providers may store and process data on servers in India or in other countries. Where data leaves
          India, we rely on providers that offer safeguards at least as protective as those described in this policy,
          and we follow any restrictions notified by the Government of India.
        </p>
      ),
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <>
          <p>
            We keep your account data while your account is active. When you delete your account from your profile page,
            we delete at once {DELETED_WITH_ACCOUNT.slice(0, -1).join(', ')} and{' '}
            {DELETED_WITH_ACCOUNT[DELETED_WITH_ACCOUNT.length - 1]}. When you cancel your services, we delete your
            personal data within {DATA_DELETION_DAYS} days after cancellation.
          </p>
          <p>
            Downloading your data and deleting your account follow one rule for what is yours: {PERSON_RECORDS_RULE}.
            Deleting returns nothing the download would not, and the moment you delete your account every session it had
            is shut out. Quotes and the record of your renewals are deleted with your account: they are not tax records,
            and what was billed under them is in the tax documents we keep. So are your projects, with the record of
            each milestone you signed off (your name, the time and your IP address): a sign-off is not a tax record, and
            the invoices it led to, which name the quote and the milestone billed, are kept as below.
          </p>
          <p>
            A business customer&apos;s account is its company&apos;s, and its owner may invite colleagues as members. If
            you join a company, it sees your name, your email address and your role, and what you write in its records
            (support requests and replies, project comments and sign-offs), which stay the company&apos;s: deleting your
            account takes you out of the company but leaves what you wrote there, and your data download includes it. If
            you own a company that has other members, hand ownership to one of them before deleting your account; a
            company you are the only member of is deleted with your account, as above.
          </p>
          <p>
            We keep only what the law requires us to keep for longer: the tax invoices and payment receipts we issued to
            you (with the buyer details printed on them), credit notes for refunds, and payment and refund records. Tax
            law makes us keep them for {TAX_RECORD_RETENTION_PLAIN}: {TAX_RECORD_RETENTION_RULE}, which is 31 December
            after the financial year ends. For example, a payment made on 15 November 2026 is kept until{' '}
            {lastDayKept(taxRecordRetainedUntil(RETENTION_EXAMPLE_MS))}. After you delete your account these records are
            marked as belonging to a deleted account, used for nothing else, and deleted automatically when that period
            ends. Backups that contain deleted data are overwritten in their normal cycle.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      heading: 'How we protect it',
      body: (
        <p>
          Data is encrypted in transit (HTTPS) and at rest by our storage provider. Access rules ensure that a signed-in
          user can read only their own data, our staff access customer data only when needed to deliver or support a
          service, and payment details are handled by our PCI-DSS compliant payment provider. No system is perfectly
          secure; if a breach affects your personal data, we will inform you and the authorities as the law requires.
        </p>
      ),
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      body: (
        <>
          <p>You have the right to:</p>
          <ul>
            <li>
              access the personal data we hold about you and get a summary of how we use it: &ldquo;Download my
              data&rdquo; on your profile page gives you all of it at once, with your tax invoices;
            </li>
            <li>correct or update inaccurate or incomplete data (you can edit most details on your profile page);</li>
            <li>
              have your data erased, for example by deleting your account from your profile page (except the records the
              law makes us keep, described above);
            </li>
            <li>
              withdraw your consent at any time, for news and offers with one click in any such email or on your profile
              page;
            </li>
            <li>nominate another person to exercise your rights in case of death or incapacity; and</li>
            <li>raise a grievance with us and, if unresolved, with the Data Protection Board of India.</li>
          </ul>
          <p>To exercise a right, write to us at the address below. We answer within 30 days.</p>
        </>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies and local storage',
      body: (
        <p>
          We use only the browser storage that the site needs to work: keeping you signed in, remembering the items in
          the cart on this device for visitors who are not signed in, and the App Check token that protects our forms
          and sign-in from abuse. To issue that token, Google reCAPTCHA Enterprise runs on our pages and may set its own
          cookies. We do not use advertising or cross-site tracking cookies.
        </p>
      ),
    },
    {
      id: 'children',
      heading: 'Children',
      body: (
        <p>
          Our services are meant for businesses and adults. We do not knowingly collect personal data from anyone under
          18. If you believe a child has given us personal data, contact us and we will delete it.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      body: (
        <p>
          We may update this policy when our services or the law change. The date at the top shows the latest version.
          If a change materially affects how we use your data, we will tell you by email or on the website before it
          takes effect.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'Contact and grievance officer',
      body: (
        <>
          <p>For questions, requests or complaints about your personal data, contact our grievance officer:</p>
          <Contact />
        </>
      ),
    },
  ],
};

export const TERMS: PolicyDocument = {
  title: 'Terms & Conditions',
  dateLabel: `Effective: ${POLICY_DATE}`,
  summary: `These terms govern your use of the ${COMPANY.name} website and the purchase of our services. Please read them carefully: by creating an account, placing an order or paying an invoice you agree to them.`,
  sections: [
    {
      id: 'about-these-terms',
      heading: 'About these terms',
      body: (
        <p>
          These terms are an agreement between you and {COMPANY.legalName}, a company registered in India with its
          office at {COMPANY.address}. If you accept them on behalf of a business, you confirm that you are authorised
          to bind that business. A signed statement of work or proposal for a specific project forms part of this
          agreement and prevails over these terms where the two differ.
        </p>
      ),
    },
    {
      id: 'our-services',
      heading: 'Our services',
      body: (
        <>
          <p>All goods we sell are digital. We provide:</p>
          <ul>
            <li>
              <strong>Custom software:</strong> software designed and built for your business, such as factory
              management systems, websites and online stores, learning apps, gym platforms and home automation control
              software.
            </li>
            <li>
              <strong>Recurring maintenance:</strong> yearly plans covering hosting, updates, security fixes, backups
              and support for software we have delivered.
            </li>
            <li>
              <strong>One-time projects:</strong> a defined piece of work delivered once, such as a website, an
              integration or a migration.
            </li>
          </ul>
          <p>
            The features of each plan are described on our website. Any hardware named in a plan (such as sensors or
            switches for home automation) is sourced and installed on site as part of the project; we do not sell or
            ship goods by post.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      heading: 'Your account',
      body: (
        <ul>
          <li>You must give accurate information and keep it up to date.</li>
          <li>
            You are responsible for keeping your password safe and for activity under your account. Tell us at once if
            you suspect unauthorised use.
          </li>
          <li>
            Guest accounts are for browsing and paying quickly; data in a guest account may be lost unless you link it
            to an email address or Google account.
          </li>
          <li>We may suspend an account that is used for fraud, abuse or in breach of these terms.</li>
        </ul>
      ),
    },
    {
      id: 'orders-and-pricing',
      heading: 'Orders, prices and taxes',
      body: (
        <>
          <p>
            Prices are shown in Indian rupees (INR). A plan has a one-time price for building and delivering the
            software and, where stated, a yearly fee for maintenance, hosting and support. Plans with limits (for
            example a number of machines or control points) are priced for those limits; additional units are charged at
            the rate shown on the plan.
          </p>
          <TaxTerms settings={taxSettings} />
        </>
      ),
    },
    {
      id: 'payment',
      heading: 'Payment and invoices',
      body: (
        <>
          <p>
            Payments are processed by our payment provider, Razorpay, by card, UPI, net banking or wallet. Invoices are
            payable by the due date shown on them. We may pause work or services on an account with an overdue invoice
            after giving you notice.
          </p>
          <p>
            If you believe an invoice or charge is wrong, you must report the billing error to us within{' '}
            {BILLING_ERROR_DAYS} days of the invoice date. We will investigate and correct any error we find; charges
            not disputed within that period are considered accepted.
          </p>
          <p>
            If your company needs a purchase order (PO) number on what it pays, give it when you accept a quote or
            before you pay (your company can require one): we print it, with our vendor code with you, on the invoices.
            Your statement of account (every bill, payment, TDS deduction, credit note and refund, with the ageing of
            what is open) is on your account page at any time, and we mail it on the 1st of each month while a balance
            is due.
          </p>
          <p>
            If your company deducts tax at source (TDS) from what it pays us, it may pay an invoice online net of that
            TDS: the pay page works the TDS out on the invoice&apos;s taxable value (GST shown separately is left out)
            at the rate the law sets for the kind of payment you choose, rounded to the rupee, and the invoice is
            settled in full. That settlement is on condition that the TDS is deposited against our PAN and its
            certificate (Form 16A, or the form that replaced it from 1 April 2026) is given to us by the quarter&apos;s
            due date; TDS that does not appear in our Form 26AS remains payable by you.
          </p>
          <p>
            Where our invoices show a Udyam registration number, we are a micro or small enterprise under the Micro,
            Small and Medium Enterprises Development Act, 2006. Each invoice is then payable by the due date it states,
            which is never more than {MSME_MAX_TERM_DAYS} days after its date (section 15 of that Act). On an amount
            paid later the Act makes the buyer liable, whatever else was agreed, for compound interest with monthly
            rests at three times the bank rate notified by the Reserve Bank of India, from the day after the due date
            (section 16); and a business buyer may deduct such an amount for income tax only in the year it actually
            pays it (section 43B(h) of the Income-tax Act, 1961, and the Income-tax Act, 2025 from 1 April 2026).
          </p>
        </>
      ),
    },
    {
      id: 'delivery',
      heading: 'Delivery and acceptance',
      body: (
        <p>
          We deliver software electronically: through a link, app store listing, access to a hosted system or transfer
          of source code as agreed for your project. Timelines in a proposal are our best estimate and depend on you
          providing information, content, access and feedback on time. You will have a reasonable period to test each
          delivery and report defects; delivered software is accepted when you start using it in your business or when
          that period ends without a reported defect.
        </p>
      ),
    },
    {
      id: 'your-responsibilities',
      heading: 'Your responsibilities',
      body: (
        <ul>
          <li>Provide content, data and access we need, and make sure you have the right to give them to us.</li>
          <li>Use the software lawfully and not to infringe others&rsquo; rights or send unsolicited messages.</li>
          <li>Do not attempt to break, overload or gain unauthorised access to our systems.</li>
          <li>Keep your own copies of content you give us.</li>
        </ul>
      ),
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      body: (
        <p>
          Once you have paid in full, you own the custom code and designs we create specifically for you, unless your
          proposal says otherwise. We keep ownership of our pre-existing tools, libraries and know-how, and grant you a
          perpetual, non-exclusive licence to use them as part of your software. Open-source components remain under
          their own licences. We may mention you as a client unless you ask us not to.
        </p>
      ),
    },
    {
      id: 'milestone-acceptance',
      heading: 'Milestones, sign-off and deemed acceptance',
      body: (
        <>
          <p>
            We deliver a project in milestones. When a milestone is ready for review we show you what we delivered
            (files, or a link such as a staging site) on your project page and by email, and you, or a colleague you
            added to the project, either sign it off or tell us what to change. Signing off records your name, the time,
            your IP address and the versions you reviewed. Signing off a milestone that is billed issues its invoice.
          </p>
          <p>
            If you neither sign off nor ask for changes within {DEFAULT_SIGNOFF_DAYS} business days (Monday to Friday,
            except our holidays) of a milestone being ready for review, it is deemed accepted, and its invoice is issued
            as if you had signed it off. We remind you by email halfway through that period and tell you when a
            milestone is deemed accepted.
          </p>
        </>
      ),
    },
    {
      id: 'maintenance-plans',
      heading: 'Maintenance plans',
      body: (
        <>
          <p>
            A plan with a yearly fee includes maintenance from the day its order is paid, and renews every year on that
            date (a plan started on 29 February renews on 28 February in other years). Maintenance covers fixes,
            security updates, hosting and support within the scope of the plan; new features are quoted separately.
          </p>
          <p>
            Support requests are answered in business hours (Monday to Friday, 9:30 am to 6:30 pm IST, except our
            holidays), by the plan&apos;s yearly fee:{' '}
            {SUPPORT_TIER_LIST.map(
              (tier) =>
                `${tier.name}: first reply within ${tier.firstReplyHours} business hour${tier.firstReplyHours === 1 ? '' : 's'}, resolution within ${tier.resolutionDays} business day${tier.resolutionDays === 1 ? '' : 's'}`,
            ).join('; ')}{' '}
            (Standard below ₹25,000 a year, Priority from ₹25,000 to ₹50,000, Premium above ₹50,000). A lapsed or
            cancelled plan, or a plan without a yearly fee, has no support times.
          </p>
          <p>
            We never debit your card or account automatically. {RENEWAL_DEFAULTS.noticeDays} days before each renewal
            date we email you a proforma invoice for the yearly fee, with a link to pay it online, and we remind you 7
            days before the renewal date, on the day and 7 days after. The fee is the one shown on our website when you
            bought the plan, unless we agree another in writing. If the renewal is still unpaid{' '}
            {RENEWAL_DEFAULTS.graceDays} days after the renewal date, the plan lapses: we stop maintenance, updates and
            support until it is paid, and paying that invoice restarts the plan for the year from its renewal date. You
            can stop a plan renewing at any time, as described in our Cancellation &amp; Shipping Policy.
          </p>
        </>
      ),
    },
    {
      id: 'warranties',
      heading: 'Warranties',
      body: (
        <p>
          We will perform our services with reasonable skill and care and fix defects in delivered software that you
          report during the acceptance period or under an active maintenance plan. Except as stated in these terms, the
          software is provided without other warranties, to the extent permitted by law; no software is entirely free of
          errors.
        </p>
      ),
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      body: (
        <>
          <p>
            Our total liability to you for all claims arising out of or relating to our services, in contract, tort or
            otherwise, is capped at the fees you paid us in the previous {LIABILITY_MONTHS} months before the event
            giving rise to the claim.
          </p>
          <p>
            We are not liable for indirect or consequential losses, such as loss of profit, revenue, data or goodwill,
            or for failures caused by third-party services, your equipment or events beyond our reasonable control.
            Nothing in these terms limits liability that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      heading: 'Suspension and termination',
      body: (
        <p>
          You may stop using our services at any time as described in our Cancellation &amp; Shipping Policy. We may
          suspend or end services if you materially breach these terms and do not remedy the breach within 15 days of
          our notice. After termination we delete your data as set out in our Privacy Policy, and fees for work already
          done remain payable.
        </p>
      ),
    },
    {
      id: 'governing-law',
      heading: 'Governing law and disputes',
      body: (
        <p>
          These terms are governed by the laws of India. We will first try to resolve any dispute through good-faith
          discussion. If that fails within 30 days, the courts of Bengaluru, Karnataka have exclusive jurisdiction.
        </p>
      ),
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      body: (
        <p>
          We may update these terms from time to time. The effective date at the top shows the current version; changes
          do not apply to orders already accepted. Continuing to use our services after a change means you accept the
          updated terms.
        </p>
      ),
    },
    CONTACT_US,
  ],
};

export const REFUND_POLICY: PolicyDocument = {
  title: 'Refund Policy',
  dateLabel: `Last updated: ${POLICY_DATE}`,
  summary: `Our products are custom software and services, built to order. This policy explains when you can get money back, how to ask for it and how long it takes.`,
  sections: [
    {
      id: 'overview',
      heading: 'Overview',
      body: (
        <p>
          All goods sold by {COMPANY.name} are digital: custom software, recurring maintenance plans and one-time
          projects. Because work is done specifically for you, payments are generally not refundable once that work has
          started. We do, however, refund in the situations below, and we always correct billing errors.
        </p>
      ),
    },
    {
      id: 'custom-software',
      heading: 'Custom software and one-time projects',
      body: (
        <ul>
          <li>
            <strong>Before work starts:</strong> if you cancel before we begin the discovery or design work for your
            order, we refund the full amount paid.
          </li>
          <li>
            <strong>After work starts:</strong> we refund the amount paid minus the value of work completed up to the
            date of cancellation, calculated from the milestones in your proposal. Completed milestones are not
            refundable.
          </li>
          <li>
            <strong>If we cannot deliver:</strong> if we are unable to deliver what was agreed, we refund the amount
            paid for the undelivered part in full.
          </li>
        </ul>
      ),
    },
    {
      id: 'maintenance',
      heading: 'Recurring maintenance plans',
      body: (
        <p>
          Yearly maintenance fees are not refundable for the current year once the year has started, because hosting and
          support capacity is reserved for you. If you stop renewing before a renewal date, its renewal invoice is
          cancelled and you are not charged for the next year. If a payment still reaches us for a renewal you had
          stopped, we refund it in full.
        </p>
      ),
    },
    {
      id: 'billing-errors',
      heading: 'Billing errors and duplicate payments',
      body: (
        <p>
          If you were charged twice, charged the wrong amount, or paid an invoice that was not yours, report the billing
          error to us within {BILLING_ERROR_DAYS} days of the invoice date. Once we confirm the error, we refund the
          excess amount in full.
        </p>
      ),
    },
    {
      id: 'non-refundable',
      heading: 'What is not refundable',
      body: (
        <ul>
          <li>Work already completed and delivered or accepted.</li>
          <li>
            Third-party costs paid on your behalf, such as domain names, app store fees or licences, once purchased.
          </li>
          <li>Maintenance fees for a year that has already started.</li>
          <li>Requests based on a change of mind after delivery of working software that meets the agreed scope.</li>
        </ul>
      ),
    },
    {
      id: 'how-to-request',
      heading: 'How to request a refund',
      body: (
        <p>
          Email us at <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> from the address on your account with your
          order number (for example ORD-…) or invoice number and the reason for the request. We acknowledge requests
          within 2 business days and decide within 7 business days.
        </p>
      ),
    },
    {
      id: 'processing',
      heading: 'How refunds are paid',
      body: (
        <p>
          Approved refunds are paid to the original payment method through our payment provider within 7 business days
          of approval. Your bank or card issuer may take a further 5–7 business days to show the credit on your
          statement.
        </p>
      ),
    },
    CONTACT_US,
  ],
};

export const CANCELLATION_POLICY: PolicyDocument = {
  title: 'Cancellation & Shipping Policy',
  dateLabel: `Last updated: ${POLICY_DATE}`,
  summary: `How to cancel an order, a project or a maintenance plan, what happens to your data afterwards, and how we deliver what you buy. Everything we sell is digital: nothing is shipped physically.`,
  sections: [
    {
      id: 'cancelling-orders',
      heading: 'Cancelling an order or project',
      body: (
        <>
          <p>
            You can cancel an order or a one-time project at any time by writing to{' '}
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a> with your order or invoice number. Cancellation
            takes effect on the day we receive your request.
          </p>
          <p>
            Whether you get money back depends on how far the work has progressed; see our Refund Policy. Work completed
            up to the cancellation date is delivered to you.
          </p>
        </>
      ),
    },
    {
      id: 'cancelling-maintenance',
      heading: 'Cancelling a maintenance plan',
      body: (
        <p>
          Recurring maintenance plans renew every year on their renewal date. To stop a renewal, choose &lsquo;Stop
          renewing&rsquo; under My Services on your profile page, or write to us, at any time: we confirm it by email,
          we will not bill the plan again, and a renewal invoice already sent to you is cancelled. Services continue
          until the end of the year already paid for (the renewal date) and then end; if you stop after an unpaid
          renewal date, they end that day. A renewal left unpaid {RENEWAL_DEFAULTS.graceDays} days after its date lapses
          as described in our Terms &amp; Conditions. After your services end we stop hosting, updates and support, and
          help you move the software and data to another provider if you ask.
        </p>
      ),
    },
    {
      id: 'data-after-cancellation',
      heading: 'Your data after cancellation',
      body: (
        <p>
          Before your services end you can ask for an export of your data and, where your plan includes it, the source
          code. We delete your data from our systems within {DATA_DELETION_DAYS} days after cancellation, except records
          we must keep by law, such as invoices.
        </p>
      ),
    },
    {
      id: 'cancellation-by-us',
      heading: 'Cancellation by us',
      body: (
        <p>
          We may cancel an order if we cannot deliver it, or if an invoice remains unpaid after our reminders. In that
          case we refund any amount paid for work not delivered.
        </p>
      ),
    },
    {
      id: 'shipping',
      heading: 'Shipping and delivery',
      body: (
        <>
          <p>
            We do not ship physical products. All goods are digital and are delivered electronically: by email, by
            giving you access to a hosted system or admin panel, through app store listings, or by transferring source
            code to your repository.
          </p>
          <ul>
            <li>Access details are sent to the email address on your account.</li>
            <li>Delivery timelines are set out in your proposal and confirmed when the order is accepted.</li>
            <li>There are no shipping charges.</li>
            <li>
              For home automation projects, our team installs any equipment on site at a time agreed with you; nothing
              is sent by courier.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'delays',
      heading: 'Delays',
      body: (
        <p>
          If a delivery will be late, we tell you as soon as we know, with a new date and the reason. If a delay caused
          by us goes beyond 30 days past the agreed date, you may cancel the undelivered part and receive a refund for
          it.
        </p>
      ),
    },
    CONTACT_US,
  ],
};
