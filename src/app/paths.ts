/** Every route string of the site. */
export const paths = {
  home: '/',
  cart: '/cart',
  profile: '/profile',
  privacy: '/privacy',
  terms: '/terms',
  refund: '/refundpolicy',
  cancellation: '/cancellationpolicy',
  adminPanel: '/admin-panel',
} as const;
