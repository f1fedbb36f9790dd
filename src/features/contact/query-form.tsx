import { TextAreaField } from '@/components/form-field';
import type { ContactForm, ContactSubmission } from '@/domain/schemas';
import { submitQuery } from './api';
import { schemaCheck, SendButton, SenderFields, useSenderForm, type FormStatus, type SenderCheck } from './sender-form';

export interface QueryFormProps {
  userId: string | null;
  /** The signed-in user's name and email, filled in for them ('' when unknown). */
  defaultName?: string;
  defaultEmail?: string;
  onStatus: (status: FormStatus) => void;
}

// Validation (zod and the shared schemas: a quarter of the landing JS once scrolled to the bottom)
// loads when the visitor starts filling in the form, not with the page: most visitors never type
// here. The checks are the same ones the server runs.
let validation: Promise<SenderCheck<ContactSubmission>> | null = null;
function loadValidation(): Promise<SenderCheck<ContactSubmission>> {
  validation ??= import('@/domain/schemas').then(
    ({ contactFormSchema }) => schemaCheck<ContactSubmission>(contactFormSchema),
    (error: unknown) => {
      validation = null; // a failed download may be retried on the next submit
      throw error;
    },
  );
  return validation;
}
const check: SenderCheck<ContactSubmission> = async (values) => (await loadValidation())(values);

const EMPTY: ContactForm = { name: '', businessName: '', contactNumber: '', email: '', message: '', website: '' };

/** The 'Send a Query' form: validated with the shared schema, posted to the API. */
export function QueryForm({ userId, defaultName = '', defaultEmail = '', onStatus }: QueryFormProps) {
  const initial = { ...EMPTY, name: defaultName, email: defaultEmail };
  const { ref, field, isSubmitting, reset, submitWith } = useSenderForm({ check, initial, onStatus });

  return (
    <form
      ref={ref}
      noValidate
      onFocus={() => void loadValidation().catch(() => undefined)}
      onSubmit={submitWith(async (values) => {
        const message = await submitQuery(values, userId);
        onStatus({ type: 'success', text: message });
        reset();
      })}
      className="grid gap-5 sm:grid-cols-2"
    >
      <SenderFields field={field} />
      <TextAreaField label="Message" required fieldClassName="sm:col-span-2" {...field('message')} />
      {/* The honeypot (CONTACT_HONEYPOT_FIELD): hidden from people and screen readers, out of the tab
          order; a bot that fills every field fills it, and the API then keeps and mails nothing. */}
      <div aria-hidden="true" className="sr-only">
        <label>
          Website (leave empty)
          <input type="text" tabIndex={-1} autoComplete="off" name="website" defaultValue="" />
        </label>
      </div>
      <SendButton isSubmitting={isSubmitting}>Send Query</SendButton>
    </form>
  );
}
