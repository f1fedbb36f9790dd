import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, SelectField, TextAreaField, TextField } from '@/components/form-field';
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

export interface QuoteRequestFormProps {
  userId: string | null;
  defaultName?: string;
  defaultEmail?: string;
  /** The kind of project already chosen (a plan card's category), '' for none. */
  projectType?: string;
  onStatus: (status: { type: 'success' | 'error'; text: string } | null) => void;
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
  onStatus,
}: QuoteRequestFormProps) {
  const initial = { ...EMPTY, name: defaultName, email: defaultEmail, projectType };
  const form = useForm<QuoteRequestValues, unknown, QuoteRequest>({
    resolver: zodResolver(quoteRequestSchema),
    defaultValues: initial,
    shouldFocusError: true,
  });
  const { handleSubmit, reset, getValues, setValue } = form;
  const { isSubmitting } = form.formState;
  const field = fieldsOf(form);

  useEffect(() => {
    if (defaultName && !getValues('name')) setValue('name', defaultName);
    if (defaultEmail && !getValues('email')) setValue('email', defaultEmail);
  }, [defaultName, defaultEmail, getValues, setValue]);
  // A plan card's 'Need something different?' picks its category, also when the form is open.
  useEffect(() => {
    if (projectType) setValue('projectType', projectType);
  }, [projectType, setValue]);

  const onSubmit = async (values: QuoteRequest) => {
    onStatus(null);
    try {
      onStatus({ type: 'success', text: await submitQuoteRequest(values, userId) });
      reset({ ...initial, projectType: '' });
    } catch (error) {
      onStatus({ type: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

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
      noValidate
      aria-label="Request a quote"
      onSubmit={(event) =>
        void handleSubmit(onSubmit)(event).catch((error: unknown) =>
          onStatus({ type: 'error', text: error instanceof Error ? error.message : String(error) }),
        )
      }
      className="grid gap-5 sm:grid-cols-2"
    >
      <TextField label="Name" required autoComplete="name" {...field('name')} />
      <TextField label="Business name" isOptional autoComplete="organization" {...field('businessName')} />
      <TextField label="Contact number" isOptional type="tel" autoComplete="tel" {...field('contactNumber')} />
      <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
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
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? 'Sending...' : 'Request a Quote'}
        </Button>
      </div>
    </form>
  );
}
