import { z } from 'zod';
import { DEFAULT_COUNTRY } from './company';
import { gstinSchema } from './gst';
import { emailSchema, newPasswordFields, phone, required, withMatchingPasswords } from './schemas';

/**
 * The profile's forms (signup, the details step, editing) and the console's billing-details
 * correction. Apart from schemas.ts so that the GSTIN check is loaded with the account forms only,
 * not with the landing page's contact form.
 */

/** An Indian PIN code: six digits, the first 1-9 (India Post's postal regions). */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/;
export const PIN_CODE_MESSAGE = 'Please enter a valid 6-digit PIN code.';
export const LEGAL_NAME_MAX = 200;
export const LEGAL_NAME_REQUIRED = 'Legal business name is required with a GSTIN.';
export const PIN_CODE_REQUIRED = 'PIN code is required with a GSTIN.';

/** Optional: the name the buyer is registered under for GST. '' when none. */
/** A profile's address and billing fields as a new form starts them: blank, in the default country. */
export const EMPTY_ADDRESS_FIELDS = {
  address: '',
  country: DEFAULT_COUNTRY,
  state: '',
  city: '',
  pinCode: '',
  gstin: '',
  legalName: '',
};

export const legalNameSchema = z
  .string()
  .trim()
  .max(LEGAL_NAME_MAX, `Legal business name must be at most ${LEGAL_NAME_MAX} characters.`)
  .optional()
  .default('');

/** Optional: '' when none, else six digits ('560 001' is saved as '560001'). */
export const pinCodeSchema = z
  .string()
  .max(20, PIN_CODE_MESSAGE)
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value === '' || PIN_CODE_PATTERN.test(value), PIN_CODE_MESSAGE)
  .optional()
  .default('');

/** The fields that make a buyer's tax identity: a GSTIN, and the legal name and PIN it goes with. */
interface BillingIdentity {
  gstin: string;
  legalName: string;
  pinCode: string;
}

/**
 * A GSTIN printed under a person's name, or without the registered address's PIN, puts the buyer's
 * input tax credit at risk; so with a GSTIN both are required (each message on its own field).
 */
function requireIdentityWithGstin(value: BillingIdentity, context: z.RefinementCtx) {
  if (value.gstin === '') return;
  if (value.legalName === '') context.addIssue({ code: 'custom', message: LEGAL_NAME_REQUIRED, path: ['legalName'] });
  if (value.pinCode === '') context.addIssue({ code: 'custom', message: PIN_CODE_REQUIRED, path: ['pinCode'] });
}

const profileFields = z.object({
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
  pinCode: pinCodeSchema,
  /** Optional: printed on the customer's tax invoices. '' when none; saved upper-cased. */
  gstin: gstinSchema,
  legalName: legalNameSchema,
});

export const profileDetailsSchema = profileFields.superRefine(requireIdentityWithGstin);
export type ProfileDetails = z.input<typeof profileDetailsSchema>;

export const signupFormSchema = withMatchingPasswords(
  profileFields.extend({ email: emailSchema, ...newPasswordFields }).superRefine(requireIdentityWithGstin),
);
export type SignupForm = z.input<typeof signupFormSchema>;

/**
 * The console's 'Edit billing details' (`POST /api/staff/customers/:uid/billing`): what a tax
 * invoice prints of the buyer, with the same rules as the customer's own forms.
 */
export const billingDetailsSchema = z
  .object({
    legalName: legalNameSchema,
    gstin: gstinSchema,
    pinCode: pinCodeSchema,
    address: required('Address is required.', 300),
  })
  .superRefine(requireIdentityWithGstin);
export type BillingDetailsForm = z.input<typeof billingDetailsSchema>;
export type BillingDetails = z.output<typeof billingDetailsSchema>;
