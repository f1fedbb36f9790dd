import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { ManageBookingPage } from '@/features/bookings/manage-page';

/** /booking/:token: a consultation's reschedule/cancel page, for whoever has the mail's link. */
export function BookingLinkRoute() {
  useDocumentTitle('Your call');
  const { token = '' } = useParams();
  return <ManageBookingPage key={token} token={token} />;
}
