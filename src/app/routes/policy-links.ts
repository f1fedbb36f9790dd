import { paths } from '../paths';

/** The policy pages, as listed in the footer. */
export const POLICY_LINKS = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms & Conditions' },
  { to: paths.refund, label: 'Refund Policy' },
  { to: paths.cancellation, label: 'Cancellation & Shipping' },
];
