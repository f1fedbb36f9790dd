import { z } from 'zod';
import { ENQUIRY_STATUSES } from './console-status';
import { trimmed } from './schemas';

/** Staff move an enquiry on in the console's inbox (`/api/staff/enquiries/{id}`): a status, a note, or both. */
export const enquiryUpdateSchema = z
  .object({
    status: z.enum(ENQUIRY_STATUSES).optional(),
    note: trimmed(2000).optional(),
  })
  .refine((update) => update.status !== undefined || (update.note ?? '') !== '', {
    message: 'Give a status or a note.',
  });
export type EnquiryUpdate = z.infer<typeof enquiryUpdateSchema>;
