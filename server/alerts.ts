/**
 * The `alert` field of the log lines that need a person. Each is matched by a log-based metric in
 * deploy/monitoring (jsonPayload.alert="…"), whose alert policy names who is told and the README's
 * runbook entry: rename one only together with its metric.
 */
export const ALERT = {
  /** A payment was recorded as a mismatch (its order cancelled, replaced or re-priced): refund or apply it. */
  paymentMismatch: 'payment-mismatch',
  /** A mail failed for good (attempts used up, or interrupted mid-send): nobody will retry it. */
  mailFailed: 'mail-failed',
  /** A periodic job's pass failed (or could not claim its lease). */
  jobFailed: 'job-failed',
  /** A webhook arrived without a valid signature: a wrong secret, or someone forging payments. */
  webhookSignature: 'webhook-signature-invalid',
} as const;

export type AlertName = (typeof ALERT)[keyof typeof ALERT];
