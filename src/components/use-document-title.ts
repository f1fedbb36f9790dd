import { useEffect } from 'react';
import { COMPANY } from '@/domain/company';

/** A page's tab title ('Privacy Policy | Company'); the bare company line when empty. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${COMPANY.name}` : `${COMPANY.name} | Custom software for Indian businesses`;
}

/** Sets the tab title for a page (the prerendered HTML already carries the same one). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
