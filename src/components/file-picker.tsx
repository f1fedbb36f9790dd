import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SUPPORT_MESSAGES } from '@/domain/support';

/** A file input's look: its 'Choose files' part drawn as the site's outline button, so it reads as one. */
export const FILE_INPUT_CLASSES =
  'text-sm text-slate-700 file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-brand-darker file:bg-white file:px-3 file:text-sm file:font-semibold file:text-brand-darker hover:file:bg-brand-light';

/**
 * Picking files for the file store (server/files/file-store.ts) that support requests and projects
 * share: the API's upload route (server/routes/support.ts `fileUpload`) takes these types and sizes
 * and checks each again by its content.
 */
const ACCEPTED = /\.(png|jpe?g|pdf|txt|log|zip)$/i;

/** A file's problem before it is sent (the API checks again, by content): null when it may go. */
export function fileProblem(file: File): string | null {
  if (!ACCEPTED.test(file.name)) return SUPPORT_MESSAGES.fileType(file.name);
  if (file.size > SUPPORT_MAX_FILE_BYTES) return SUPPORT_MESSAGES.fileTooLarge(file.name);
  if (file.size === 0) return SUPPORT_MESSAGES.fileEmpty(file.name);
  return null;
}

/** Picks up to 5 files, each checked here (type, size) with a message naming it; the API checks again. */
export function FilePicker({
  files,
  onChange,
  label = 'Attachments',
}: {
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}{' '}
        <span className="font-normal text-slate-600">
          (optional; PNG, JPEG, PDF, TXT, LOG or ZIP, 10 MB each, up to 5)
        </span>
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept=".png,.jpg,.jpeg,.pdf,.txt,.log,.zip"
        className={`mt-1 block w-full max-w-full ${FILE_INPUT_CLASSES}`}
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          const refused = picked.map(fileProblem).find(Boolean) ?? null;
          const accepted = picked.filter((file) => !fileProblem(file));
          const next = [...files, ...accepted];
          setProblem(next.length > SUPPORT_MAX_FILES ? SUPPORT_MESSAGES.tooManyFiles : refused);
          onChange(next.slice(0, SUPPORT_MAX_FILES));
        }}
      />
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
      {files.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 break-all">{file.name}</span>
              <Button
                variant="link"
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
