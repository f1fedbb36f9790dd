import { z } from 'zod';
import { AMOUNT_FORMAT_MESSAGE, MAX_AMOUNT_PAISE, MIN_AMOUNT_PAISE, rupeeTextToPaise } from './money';
import { isValidPhone, PHONE_MESSAGE } from './phone';

/**
 * Zod schemas of every form and API body. The browser validates with them before sending and the
 * server validates with the same ones on arrival.
 */

export const trimmed = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters.`);
export const required = (message: string, max: number) => trimmed(max).min(1, message);

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email is too long.')
  .pipe(z.email('Please enter a valid email address.'));

/** A phone number we can call back (see isValidPhone). */
export const phone = (requiredMessage: string) => required(requiredMessage, 30).refine(isValidPhone, PHONE_MESSAGE);

export const contactFormSchema = z.object({
  name: required('Name is required.', 100),
  businessName: trimmed(150).optional().default(''),
  contactNumber: trimmed(30)
    .refine((value) => value === '' || isValidPhone(value), PHONE_MESSAGE)
    .optional()
    .default(''),
  email: emailSchema,
  message: required('Message is required.', 5000),
  // Sent by the spec's client; never trusted: the server takes the uid from the ID token.
  userId: z.string().max(128).nullable().optional(),
  /**
   * The honeypot: a field people never see (CONTACT_HONEYPOT_FIELD). A bot that fills it is answered
   * as if it succeeded, and nothing is stored or mailed (see server/routes/contact.ts).
   */
  website: z.string().max(500).optional(),
});
/** The contact form's hidden field that only bots fill in. */
export const CONTACT_HONEYPOT_FIELD = 'website';
export type ContactForm = z.input<typeof contactFormSchema>;
export type ContactSubmission = z.output<typeof contactFormSchema>;

/** Firebase Auth refuses shorter passwords ('auth/weak-password'); the forms say so before sending. */
export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters.`;

/** A new password typed twice (signup, guest linking): both required, long enough, and they must match. */
export const newPasswordFields = {
  password: z
    .string()
    .min(1, 'Password is required.')
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`),
  confirmPassword: z.string().min(1, 'Please confirm your password.'),
};

export function withMatchingPasswords<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match.',
    path: ['confirmPassword'],
  });
}

/** The largest invoice a customer may enter: ₹1,00,00,000 (the rules and the API allow the same). */
export const MAX_INVOICE_PAISE = MAX_AMOUNT_PAISE;

/**
 * An amount typed in rupees (at most two decimals: see rupeeTextToPaise), as integer paise,
 * from ₹1 (Razorpay's minimum) to MAX_INVOICE_PAISE.
 */
export const rupeeAmountSchema = z
  .union([z.string(), z.number()])
  .transform((value, context) => {
    const paise = rupeeTextToPaise(String(value));
    if (paise === null) {
      context.addIssue({
        code: 'custom',
        message: String(value).trim() ? AMOUNT_FORMAT_MESSAGE : 'Amount is required.',
      });
      return z.NEVER;
    }
    return paise;
  })
  .pipe(z.number().min(MIN_AMOUNT_PAISE, 'Amount must be at least ₹1.').max(MAX_INVOICE_PAISE, 'Amount is too large.'));

export const newInvoiceFormSchema = z
  .object({
    name: required('Name is required.', 100),
    email: emailSchema,
    invoiceId: required('Invoice ID is required.', 64),
    amount: rupeeAmountSchema,
  })
  .transform(({ amount, ...invoice }) => ({ ...invoice, amountPaise: amount }));
/** What the form holds: the amount is the text typed, in rupees. */
export type NewInvoiceForm = z.input<typeof newInvoiceFormSchema>;
/** A valid new invoice; its amount is integer paise. */
export type NewInvoice = z.output<typeof newInvoiceFormSchema>;

/**
 * An amount in integer paise in an API body, from ₹1 (Razorpay's minimum) to MAX_INVOICE_PAISE:
 * an invoice line, a refund.
 */
export const paiseSchema = z
  .number({ message: 'Amount must be a number.' })
  .int('Amount must be whole paise.')
  .min(MIN_AMOUNT_PAISE, 'Amount must be at least ₹1.')
  .max(MAX_INVOICE_PAISE, 'Amount is too large.');

/** A Firestore document id as it may appear in a URL or body. */
export const documentIdSchema = z
  .string()
  .trim()
  .min(1, 'An id is required.')
  .max(128, 'The id is too long.')
  .regex(/^[^/]+$/, 'Not a document id.')
  .refine((id) => id !== '.' && id !== '..' && !/^__.*__$/.test(id), 'Not a document id.');

/** Made once when a dialog or form opens: pressing twice (or retrying) repeats the same request. */
export const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,40}$/, 'requestId must be 10-40 letters, digits, "-" or "_".');

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
