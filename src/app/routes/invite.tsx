import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { InvitationPage } from '@/features/companies/invitation-page';
import { paths } from '../paths';

/** /invite/:token: an invitation to join a company's account, opened from its mail. */
export function InviteRoute() {
  useDocumentTitle('Invitation');
  const { token = '' } = useParams();
  return <InvitationPage key={token} token={token} profileHref={paths.profile} homeHref={paths.home} />;
}
