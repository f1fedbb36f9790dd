import { describe, expect, it } from 'vitest';
import { documentAttachments } from '../../server/documents/attachments';
import { drainOutbox } from '../../server/mail/drain';
import { testApp } from '../helpers/api-app';
import { createUserWithToken } from '../helpers/emulators';
import { catcherTransport, caughtMailPerTest, drainOptions, mailsTo } from '../helpers/mail-catcher';
import {
  documentData,
  payThroughCheckout,
  NUMBERED_BY_JOB,
  REGISTERED_SELLER,
  seedProfile,
} from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';

const { track } = caughtMailPerTest();

describe('the payment receipt mail and its document', () => {
  it('when the receipt is sent before the worker numbered the document, then it is numbered then and its PDF is attached', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const email = uniqueEmail('receipt-pdf');
    const user = await createUserWithToken(email);
    await seedProfile(user.uid, { email });
    const paid = await payThroughCheckout(app, user, { items: ['website-Basic'] });
    expect((await documentData(paid.paymentId))?.status).toBe('pending');
    const smtp = catcherTransport();
    track(smtp);

    const report = await drainOutbox(
      deps.firebase.db,
      smtp,
      drainOptions({ attachmentsFor: documentAttachments(deps.firebase.db, deps.config.documents) }),
    );

    expect(report.sent).toBe(1);
    const issued = await documentData(paid.paymentId);
    expect(issued?.status).toBe('issued');
    const fileName = `Tax-Invoice-${(issued?.number as string).replace(/\//g, '-')}.pdf`;
    const [receipt] = await mailsTo(email);
    expect(receipt?.attachments).toEqual([
      expect.objectContaining({ filename: fileName, contentType: 'application/pdf' }),
    ]);
    expect(receipt?.text).toContain(`Your Tax Invoice ${issued?.number as string} is attached (${fileName}).`);
    expect(receipt?.text).toContain(`Document: Tax Invoice ${issued?.number as string}`);
  });
});
