/** The company mark: a cloud-like "N" in the brand colours. Decorative; the name is always next to it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="9" fill="#0b5f79" />
      <path
        d="M8 23V9.5l16 13V9"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="23" r="2.2" fill="#18a2cd" />
    </svg>
  );
}
