import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRIVACY_POLICY } from '@/features/policies/content';

const section = (id: string) => {
  const found = PRIVACY_POLICY.sections.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return render(<>{found.body}</>).container.textContent?.replace(/\s+/g, ' ') ?? '';
};

describe('the Privacy Policy says what the site does', () => {
  it('when it explains retention, then it names what deleting an account deletes, what the law keeps, for how long and why', () => {
    const retention = section('retention');
    expect(retention).toContain('When you delete your account from your profile page, we delete at once');
    expect(retention).toContain('your queries, and the enquiries sent from your verified email address');
    expect(retention).toContain('within 30 days after cancellation');
    expect(retention).toContain(
      'for about 6 years: 72 months from the due date of the annual GST return for the financial year they belong to (section 36 of the CGST Act, 2017)',
    );
    expect(retention).toContain('a payment made on 15 November 2026 is kept until 31 December 2033');
    expect(retention).toContain('marked as belonging to a deleted account');
    // One rule for what is a person's, for the download and deletion alike.
    expect(retention).toContain('An address typed into a profile or an unverified sign-up can be anyone');
    expect(retention).toContain('Quotes and the record of your renewals are deleted with your account');
    // Projects go, sign-off records with them; the invoices a sign-off issued are tax records and stay.
    expect(retention).toContain('your projects: their milestones, updates, comments, files and sign-off records');
    expect(retention).toContain('a sign-off is not a tax record');
    // Company members: what the company sees, and what deleting a member or an owner does.
    expect(retention).toContain(
      'it sees your name, your email address and your role, and what you write in its records',
    );
    expect(retention).toContain('hand ownership to one of them before deleting your account');
  });

  it('when it lists rights and uses, then it offers the download, one-click unsubscribe, and names reCAPTCHA', () => {
    expect(section('your-rights')).toContain('Download my data');
    expect(section('how-we-use-data')).toContain('only if you ask for them on your profile page');
    expect(section('how-we-use-data')).toContain('with one click in any such email');
    expect(section('sharing')).toContain('Google reCAPTCHA Enterprise and Firebase App Check');
    expect(section('cookies')).toContain('reCAPTCHA Enterprise');
  });
});
