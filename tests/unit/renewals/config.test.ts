// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { RENEWAL_DEFAULTS } from '@/domain/renewals';
import { loadConfig } from '../../../server/config';

describe('renewal settings', () => {
  it('when nothing is set, then invoices go 30 days before, renewals lapse after 30 days, and the job runs hourly', () => {
    const config = loadConfig({});

    expect(config.renewals).toEqual({ noticeDays: 30, graceDays: 30 });
    expect(config.renewals).toEqual(RENEWAL_DEFAULTS);
    expect(config.RENEWAL_INTERVAL_MINUTES).toBe(60);
    expect(config.warnings.join(' ')).not.toContain('RENEWAL_');
  });

  it('when they are set, then the API uses them and warns that the policies state the defaults', () => {
    const config = loadConfig({ RENEWAL_NOTICE_DAYS: '45', RENEWAL_GRACE_DAYS: '15', RENEWAL_INTERVAL_MINUTES: '0' });

    expect(config.renewals).toEqual({ noticeDays: 45, graceDays: 15 });
    expect(config.RENEWAL_INTERVAL_MINUTES).toBe(0);
    expect(config.warnings.join(' ')).toContain(
      'RENEWAL_NOTICE_DAYS/RENEWAL_GRACE_DAYS (45/15) differ from the 30/30 days',
    );
  });

  it('when a number of days is not a whole number from 1 to 180, then start-up names it', () => {
    expect(() => loadConfig({ RENEWAL_NOTICE_DAYS: '0' })).toThrow(/RENEWAL_NOTICE_DAYS/);
    expect(() => loadConfig({ RENEWAL_GRACE_DAYS: '1.5' })).toThrow(/RENEWAL_GRACE_DAYS/);
  });
});
