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

export const SECTIONS = ['home', 'about', 'products', 'process', 'clients', 'contact'] as const;
export type SectionId = (typeof SECTIONS)[number];

/** A link to a landing-page section from any page. */
export const sectionPath = (section: SectionId) => `/#${section}`;
