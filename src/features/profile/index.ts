export { InvoicesList, OrdersList, QueriesList } from './account-lists';
export { DeleteAccountPanel } from './delete-account-panel';
export { EmailPreferencesPanel, YourDataPanel } from './privacy-panels';
export { InvoiceToPay } from './invoice-to-pay';
export { ProfileOverview } from './profile-overview';
export { useProfile } from './use-profile';
export { useLeadJoin } from './use-lead-join';
