const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** en-IN medium date plus short time (spec section 9); 'N/A' when there is no date. */
export function formatDateTime(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  return dateTimeFormat.format(date);
}
