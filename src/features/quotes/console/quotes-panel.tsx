import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { PagedRows } from '@/components/paged-rows';
import type { QuoteRecord } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { customerQuotesQuery, enquiryQuotesQuery } from './api';
import { Panel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { QuoteRow } from './quote-row';

/** An enquiry's or a customer's quotes, newest first, and 'Make a quote' for them. */
export function QuotesPanel(props: { enquiryId: string } | { customerUid: string }) {
  const to = useConsoleLink();
  const isEnquiry = 'enquiryId' in props;
  const key = isEnquiry ? `enquiry-quotes:${props.enquiryId}` : `customer-quotes:${props.customerUid}`;
  const list = usePagedList(key, () =>
    isEnquiry ? enquiryQuotesQuery(props.enquiryId) : customerQuotesQuery(props.customerUid),
  );
  const search = isEnquiry
    ? `enquiry=${encodeURIComponent(props.enquiryId)}`
    : `customer=${encodeURIComponent(props.customerUid)}`;
  return (
    <Panel id={isEnquiry ? 'enquiry-quotes' : 'customer-quotes'} title="Quotes">
      <div className="space-y-3">
        <Link to={`${to('quotes', 'new')}?${search}`} className={buttonClasses('primary', 'sm')}>
          Make a quote
        </Link>
        <PagedRows<QuoteRecord>
          list={list}
          label={isEnquiry ? 'Quotes for this enquiry' : "This customer's quotes"}
          emptyText="No quotes yet."
          look="plain"
          row={(quote) => <QuoteRow quote={quote} />}
        />
      </div>
    </Panel>
  );
}
