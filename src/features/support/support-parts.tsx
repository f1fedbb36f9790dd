import { Link } from 'react-router';
import { SUPPORT_TIERS, type SupportTierId } from '@/domain/support';
import { uploadFile } from './api';

// What the customer's support pages share: where they link to, their frame, a service's tier, uploads.

/** Where support's pages link to; the app's route table builds them (features hold no route strings). */
export interface SupportLinks {
  home: string;
  newRequest: (serviceId?: string) => string;
  request: (id: string) => string;
}

/** The frame of each of the customer's support pages. */
export const PAGE = 'mx-auto w-full max-w-4xl px-4 py-10 sm:px-6';

/** The link back to /support above a request's page. */
export function BackToSupport({ to }: { to: string }) {
  return (
    <p>
      <Link className="text-sm text-brand-darker hover:underline" to={to}>
        ← Support
      </Link>
    </p>
  );
}

/** A service's tier and its response times, or that it has no plan. */
export function tierText(service: { tier: SupportTierId | null }): string {
  const tier = service.tier ? SUPPORT_TIERS[service.tier] : null;
  return tier
    ? `${tier.name} support: first reply within ${tier.firstReplyHours} business ${tier.firstReplyHours === 1 ? 'hour' : 'hours'}, resolution within ${tier.resolutionDays} business ${tier.resolutionDays === 1 ? 'day' : 'days'}`
    : 'No support plan';
}

/** Uploads the picked files one by one; the first refusal stops with the API's message. */
export async function uploadAll(files: File[], staff = false): Promise<string[]> {
  const ids: string[] = [];
  for (const file of files) ids.push((await uploadFile(file, { staff })).id);
  return ids;
}
