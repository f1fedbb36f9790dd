import { useEffect } from 'react';
import { COMPANY } from '@/domain/company';

/** Sets the tab title for a page ('Privacy Policy | Company'); the bare company line when empty. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${COMPANY.name}` : `${COMPANY.name} | Custom software for Indian businesses`;
  }, [title]);
}
