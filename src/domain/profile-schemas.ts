import { z } from 'zod';
import { gstinSchema } from './gst';
import { emailSchema, newPasswordFields, phone, required, withMatchingPasswords } from './schemas';

/**
 * The profile's forms (signup, the details step, editing). Apart from schemas.ts so that the
 * GSTIN check is loaded with the account forms only, not with the landing page's contact form.
 */

export const profileDetailsSchema = z.object({
  name: required('Full name is required.', 100),
  email: z
    .union([z.literal(''), emailSchema])
    .optional()
    .default(''),
  phone: phone('Phone is required.'),
  address: required('Address is required.', 300),
  country: required('Country is required.', 100),
  state: required('State is required.', 100),
  city: required('City is required.', 100),
  /** Optional: printed on the customer's tax invoices. '' when none; saved upper-cased. */
  gstin: gstinSchema,
});
export type ProfileDetails = z.input<typeof profileDetailsSchema>;

export const signupFormSchema = withMatchingPasswords(
  profileDetailsSchema.extend({ email: emailSchema, ...newPasswordFields }),
);
export type SignupForm = z.input<typeof signupFormSchema>;
