/**
 * Runs `task` once the page has loaded and then gone `quietMs` without a long task (the quiet
 * window by which Lighthouse judges a page interactive), or at the latest `timeoutMs` after the
 * call. For work that must not compete with the first view, e.g. loading Firestore on the landing
 * page. Returns a cancel function.
 */
export function whenIdle(task: () => void, { quietMs = 5_000, timeoutMs = 30_000 } = {}): () => void {
  let isDone = false;
  let quietTimer = 0;
  let observer: PerformanceObserver | null = null;
  const finish = () => {
    if (isDone) return;
    cancel();
    task();
  };
  const restartQuiet = () => {
    window.clearTimeout(quietTimer);
    quietTimer = window.setTimeout(finish, quietMs);
  };
  const afterLoad = () => {
    if (isDone) return;
    restartQuiet();
    // Where long tasks are observable (Chromium), each one restarts the quiet window.
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
      observer = new PerformanceObserver(restartQuiet);
      observer.observe({ type: 'longtask' });
    }
  };
  const deadline = window.setTimeout(finish, timeoutMs);
  const cancel = () => {
    isDone = true;
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(quietTimer);
    window.clearTimeout(deadline);
    observer?.disconnect();
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return cancel;
}
