import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from '@/components/section-link';

/** Calls `found` once an element with this id is in the document; returns how to stop waiting. */
function whenElementExists(id: string, found: () => void): () => void {
  if (document.getElementById(id)) {
    found();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (!document.getElementById(id)) return;
    observer.disconnect();
    found();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * On every path change the page starts at the top; a `#section` in the URL lands on that section
 * instead, as soon as it exists: the landing page's lower sections load after the first paint, and
 * on a slow network well after it. Nothing else handles a URL's #section.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const isFirstRender = useRef(true);

  useEffect(() => {
    const isPageLoad = isFirstRender.current;
    isFirstRender.current = false;
    if (!hash) {
      // On the page's own load the browser has placed it (at the top, or where a reload left it),
      // and the visitor may have scrolled the prerendered page before the app started.
      if (!isPageLoad) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    return whenElementExists(id, () => scrollToSection(id));
  }, [pathname, hash]);

  return null;
}
