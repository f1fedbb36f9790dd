import { useState } from 'react';

/** What a console form says under its button: saved, or why not. */
export type FormNote = { tone: 'success' | 'error'; text: string };

/** A schema's `safeParse` result, as far as a form reads it. */
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };

/**
 * A console form's save: what its schema accepted is written, `isSaving` while that runs, and
 * `message` says how it went. `save` shows the schema's first issue (or `fallback`) when the check
 * failed; else it runs `write`, whose text (if any) says it worked, or shows the failure's text.
 */
export function useCheckedSave(initial: FormNote | null = null) {
  const [message, setMessage] = useState<FormNote | null>(initial);
  const [isSaving, setIsSaving] = useState(false);

  async function save<T>(checked: Checked<T>, fallback: string, write: (data: T) => Promise<string | null>) {
    if (!checked.success) {
      setMessage({ tone: 'error', text: checked.error.issues[0]?.message ?? fallback });
      return;
    }
    setIsSaving(true);
    try {
      const done = await write(checked.data);
      if (done) setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsSaving(false);
    }
  }

  return { message, setMessage, isSaving, setIsSaving, save };
}
