import { useEffect } from 'react';
import { SelectField, TextAreaField } from '@/components/form-field';
import {
  BUDGET_BANDS,
  PROJECT_TYPES,
  QUOTE_REQUEST_KIND,
  quoteRequestSchema,
  TIMELINES,
  type QuoteRequest,
  type QuoteRequestForm as QuoteRequestValues,
} from '@/domain/quote-request';
import { submitQuoteRequest } from './api';
import { schemaCheck, SendButton, SenderFields, useSenderForm, type FormStatus } from './sender-form';

const check = schemaCheck<QuoteRequest>(quoteRequestSchema);

export interface QuoteRequestFormProps {
  userId: string | null;
  defaultName?: string;
  defaultEmail?: string;
  /** The kind of project already chosen (a plan card's category), '' for none. */
  projectType?: string;
  /** What the brief starts with (support's out-of-plan request), '' for none. */
  defaultBrief?: string;
  onStatus: (status: FormStatus) => void;
}

const EMPTY: QuoteRequestValues = {
  kind: QUOTE_REQUEST_KIND,
  name: '',
  businessName: '',
  contactNumber: '',
  email: '',
  projectType: '',
  brief: '',
  budget: '',
  timeline: '',
};

/**
 * 'Request a Quote': the kind of project, a short brief, a budget band and a timeline, with the
 * sender's details; validated with the shared schema and sent as an enquiry of kind 'quote request'.
 * Its code loads only when its tab is opened.
 */
export function QuoteRequestForm({
  userId,
  defaultName = '',
  defaultEmail = '',
  projectType = '',
  defaultBrief = '',
  onStatus,
}: QuoteRequestFormProps) {
  const initial = { ...EMPTY, name: defaultName, email: defaultEmail, projectType, brief: defaultBrief };
  const { ref, field, isSubmitting, reset, setValue, submitWith } = useSenderForm({ check, initial, onStatus });

  // A plan card's 'Need something different?' picks its category, also when the form is open.
  useEffect(() => {
    if (projectType) setValue('projectType', projectType);
  }, [projectType, setValue]);

  const options = (values: readonly string[], placeholder: string) => (
    <>
      <option value="">{placeholder}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );

  return (
    <form
      ref={ref}
      noValidate
      aria-label="Request a quote"
      onSubmit={submitWith(async (values) => {
        onStatus({ type: 'success', text: await submitQuoteRequest(values, userId) });
        reset({ projectType: '', brief: '' });
      })}
      className="grid gap-5 sm:grid-cols-2"
    >
      <SenderFields field={field} />
      <SelectField label="Project type" required fieldClassName="sm:col-span-2" {...field('projectType')}>
        {options(PROJECT_TYPES, 'Choose the kind of project')}
      </SelectField>
      <TextAreaField
        label="What do you need?"
        required
        hint="A few lines: who will use it, what it should do, anything it must connect to."
        fieldClassName="sm:col-span-2"
        {...field('brief')}
      />
      <SelectField label="Budget" required {...field('budget')}>
        {options(BUDGET_BANDS, 'Choose a budget')}
      </SelectField>
      <SelectField label="Timeline" required {...field('timeline')}>
        {options(TIMELINES, 'Choose a timeline')}
      </SelectField>
      <SendButton isSubmitting={isSubmitting}>Request a Quote</SendButton>
    </form>
  );
}
