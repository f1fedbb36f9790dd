/**
 * What the Terms promise about signing off a project's milestones (the policies page prints it,
 * the project page repeats it): PROJECT_SIGNOFF_DAYS defaults to this.
 */
export const DEFAULT_SIGNOFF_DAYS = 10;

/** The project page's and the Terms' sentence about deemed acceptance. */
export const deemedAcceptanceText = (days: number) =>
  `If you neither sign off nor ask for changes within ${days} business days of a milestone being ready for review, it is deemed accepted.`;
