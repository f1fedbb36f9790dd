/** Shown while a page's code loads, in place of the whole layout: the page's main landmark. */
export function PageLoading() {
  return (
    <main id="main">
      <p role="status" className="px-4 py-24 text-center text-slate-600">
        Loading...
      </p>
    </main>
  );
}
