import { z } from 'zod';

/**
 * Zod schemas of every form and API body. The browser validates with them before sending and the
 * server validates with the same ones on arrival.
 */

const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`);
const required = (message: string, max: number) => trimmed(max).min(1, message);

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'));

export const contactFormSchema = z.object({
  name: required('Name is required.', 100),
  businessName: trimmed(150).optional().default(''),
  contactNumber: trimmed(30).optional().default(''),
  email: emailSchema,
  message: required('Message is required.', 5000),
  // Sent by the spec's client; never trusted: the server takes the uid from the ID token.
  userId: z.string().max(128).nullable().optional(),
});
export type ContactForm = z.input<typeof contactFormSchema>;
export type ContactSubmission = z.output<typeof contactFormSchema>;

export const profileDetailsSchema = z.object({
  name: required('Full name is required.', 100),
  email: z
    .union([z.literal(''), emailSchema])
    .optional()
    .default(''),
  phone: required('Phone is required.', 30),
  address: required('Address is required.', 300),
  country: required('Country is required.', 100),
  state: required('State is required.', 100),
  city: required('City is required.', 100),
});
export type ProfileDetails = z.input<typeof profileDetailsSchema>;

/** A new password typed twice (signup, guest linking): both required, and they must match. */
const newPasswordFields = {
  password: z.string().min(1, 'Password is required.'),
  confirmPassword: z.string().min(1, 'Please confirm your password.'),
};

function withMatchingPasswords<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });
}

export const signupFormSchema = withMatchingPasswords(
  profileDetailsSchema.extend({ email: emailSchema, ...newPasswordFields }),
);
export type SignupForm = z.input<typeof signupFormSchema>;

export const newInvoiceFormSchema = z.object({
  name: required('Name is required.', 100),
  email: emailSchema,
  invoiceId: required('Invoice ID is required.', 64),
  amount: z.coerce
    .number({ message: 'Amount must be a number.' })
    .refine(Number.isFinite, 'Amount must be a number.')
    .min(1, 'Amount must be at least ₹1.')
    .max(10_000_000, 'Amount is too large.'),
});
export type NewInvoiceForm = z.input<typeof newInvoiceFormSchema>;
/** A valid new invoice; its amount is rupees, as typed. */
export type NewInvoice = z.output<typeof newInvoiceFormSchema>;

export const paymentTypeSchema = z.enum(['product_order', 'invoice']);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** ISO codes in location URLs: letters, digits and dashes only. */
export const isoCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,10}$/, 'Invalid location code.');

export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required.'),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** A guest links an email and password to their account (spec section 5: passwords must match). */
export const linkEmailFormSchema = withMatchingPasswords(z.object({ email: emailSchema, ...newPasswordFields }));
export type LinkEmailForm = z.input<typeof linkEmailFormSchema>;

/** The local stand-in for a Google account, used only with the Auth emulator. */
export const emulatedGoogleAccountSchema = z.object({
  email: emailSchema,
  name: required('Name is required.', 100),
});
export type EmulatedGoogleAccount = z.input<typeof emulatedGoogleAccountSchema>;
