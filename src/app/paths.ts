/** Every route string of the site. */
export const paths = {
  home: '/',
  cart: '/cart',
  profile: '/profile',
  /** The company's statement of account (signed in). */
  statement: '/statement',
  privacy: '/privacy',
  terms: '/terms',
  refund: '/refundpolicy',
  cancellation: '/cancellationpolicy',
  adminPanel: '/admin-panel',
  receipt: '/receipts/:kind/:id',
  /** An issued invoice's pay page, opened by its link without an account. */
  pay: '/pay/:token',
  /** A quote's page, opened by its mailed link without an account. */
  quoteLink: '/quote/:token',
  /** A consultation's reschedule/cancel page, opened by its mailed link without an account. */
  booking: '/booking/:token',
  /** A quote's page from the customer's account. */
  quote: '/quotes/:id',
  /** The customer's support requests; a new one; one request. */
  support: '/support',
  supportNew: '/support/new',
  supportRequest: '/support/:id',
  /** A project of the customer's; a project opened by a contact's mailed link (no account). */
  project: '/projects/:id',
  projectLink: '/project-links/:token',
  /** An invitation to join a company's account, opened by its mailed link. */
  invite: '/invite/:token',
  /** The staff console (its own screens live under it). */
  admin: '/admin',
} as const;

/** A new support request, about one service when given ("Get help" on My Services). */
export const supportNewPath = (serviceId?: string) =>
  serviceId ? `/support/new?service=${encodeURIComponent(serviceId)}` : '/support/new';
export const supportRequestPath = (id: string) => `/support/${encodeURIComponent(id)}`;

/** The receipt page of a paid (or just paid) order or invoice, by its document id. */
export const receiptPath = (kind: 'order' | 'invoice', docId: string) =>
  `/receipts/${kind}/${encodeURIComponent(docId)}`;

/** A project's page from the customer's account. */
export const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;
