import { documentTitle } from '@/components/use-document-title';
import { CANCELLATION_POLICY, PRIVACY_POLICY, REFUND_POLICY, TERMS } from '@/features/policies/content';
import type { PolicyDocument } from '@/features/policies/policy-page';
import { paths } from '../paths';
import { APP_SHELL_FILE, NOT_FOUND_FILE, pageFile, type PublicPath } from '../site-routes';

/** One HTML file the build writes, and what its head says about it. */
export interface SitePage {
  file: string;
  /**
   * The route the app renders into it (any unknown path, for the 404 page); the browser hydrates
   * that HTML in place. Absent: the frame of the app-only pages, which the app renders over.
   */
  route?: string;
  /** The full <title>, as the app's useDocumentTitle sets it. */
  title: string;
  description: string;
  /** A public page: canonical URL, share tags, structured data, in the sitemap. Otherwise noindex. */
  path?: PublicPath;
  /** Its name in the breadcrumb trail under Home (the policy pages). */
  breadcrumb?: string;
}

const policyPage = (path: PublicPath, policy: PolicyDocument, description: string): SitePage => ({
  route: path,
  file: pageFile(path),
  title: documentTitle(policy.title),
  description,
  path,
  breadcrumb: policy.title,
});

/** Every page the build prerenders: the public pages, the 404 page and the frame of the app-only pages. */
export const SITE_PAGES: SitePage[] = [
  {
    route: paths.home,
    file: pageFile(paths.home),
    title: documentTitle(''),
    description:
      'Bespoke software from India: factory management, websites and e-commerce, learning apps, gym platforms and home automation, with clear prices in INR.',
    path: paths.home,
  },
  policyPage(
    paths.privacy,
    PRIVACY_POLICY,
    'What personal data Nimbus Bespoke Software collects, why, who we share it with, how long we keep it and the choices you have.',
  ),
  policyPage(
    paths.terms,
    TERMS,
    'The terms for using our website and buying our custom software, maintenance plans and projects: prices in INR, payment, delivery and liability.',
  ),
  policyPage(
    paths.refund,
    REFUND_POLICY,
    'When you can get your money back for our custom software and services, how to ask for a refund and how long it takes.',
  ),
  policyPage(
    paths.cancellation,
    CANCELLATION_POLICY,
    'How to cancel an order, a project or a maintenance plan, what happens to your data afterwards, and how we deliver: everything we sell is digital.',
  ),
  {
    route: '/404',
    file: NOT_FOUND_FILE,
    title: documentTitle('Page Not Found'),
    description: 'The page you are looking for does not exist or has moved.',
  },
  {
    file: APP_SHELL_FILE,
    title: documentTitle(''),
    description: 'Your cart, profile, orders and invoices at Nimbus Bespoke Software.',
  },
];
