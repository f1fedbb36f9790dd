export { InvoicesList, OrdersList, QueriesList } from './account-lists';
export { DeleteAccountPanel } from './delete-account-panel';
export { ProfileOverview } from './profile-overview';
export { useProfile } from './use-profile';
