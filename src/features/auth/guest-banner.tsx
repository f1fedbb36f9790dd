/** Banner under the bar for anonymous users (accounts issue). */
export function GuestBanner() {
  return null;
}
