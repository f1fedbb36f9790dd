// What other pages use of company accounts (members, invitations).
export { CompanyPanel } from './company-panel';
export { InvitationPage } from './invitation-page';
export { CompanySection } from './console/company-section';
