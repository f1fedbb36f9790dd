import { useDocumentTitle } from '@/components/use-document-title';
import { CANCELLATION_POLICY, PRIVACY_POLICY, REFUND_POLICY, TERMS } from '@/features/policies/content';
import { PolicyPage, type PolicyDocument } from '@/features/policies/policy-page';

function PolicyRoute({ policy }: { policy: PolicyDocument }) {
  useDocumentTitle(policy.title);
  return <PolicyPage policy={policy} />;
}

export const PrivacyRoute = () => <PolicyRoute policy={PRIVACY_POLICY} />;
export const TermsRoute = () => <PolicyRoute policy={TERMS} />;
export const RefundRoute = () => <PolicyRoute policy={REFUND_POLICY} />;
export const CancellationRoute = () => <PolicyRoute policy={CANCELLATION_POLICY} />;
