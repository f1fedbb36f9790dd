/** The auth modal (accounts issue). Rendered by the root layout, loaded on first open. */
export function AuthModal() {
  return null;
}
