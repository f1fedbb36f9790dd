/** Who sends the contact form and the quote-request form in the API tests. */
export const SENDER = { name: 'Asha Verma', businessName: 'Verma Textiles', contactNumber: '+91 98450 12345' };

/** A suffix no other run has used, for emails and ids that must not collide in the shared emulator. */
export const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
