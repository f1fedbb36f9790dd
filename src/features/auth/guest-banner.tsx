import { useAuthModal } from '@/lib/auth-modal';

/** Under the bar for anonymous users; eager and Firebase-free, it only opens the modal. */
export function GuestBanner() {
  const { open } = useAuthModal();
  return (
    <div role="region" aria-label="Guest account notice" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm text-amber-950">
        <p>You are browsing as a Guest. To save your cart and data, please create an account or sign in.</p>
        <button
          type="button"
          onClick={() => open('signup')}
          className="rounded-md bg-amber-900 px-3 py-1.5 font-semibold text-white hover:bg-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
        >
          Create Account
        </button>
      </div>
    </div>
  );
}
