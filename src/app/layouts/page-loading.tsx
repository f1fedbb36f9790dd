/** Shown while a page's code loads. */
export function PageLoading() {
  return (
    <p role="status" className="px-4 py-24 text-center text-slate-600">
      Loading...
    </p>
  );
}
