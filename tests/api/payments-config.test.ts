import { describe, expect, it, vi } from 'vitest';
import { loadConfig, type Config } from '../../server/config';
import { createGateway } from '../../server/payments/create-gateway';
import { admin } from '../helpers/emulators';

const PAY_LINK_SECRET = 'a-private-pay-link-secret-of-32-characters';
const REAL_PROJECT = { FIREBASE_PROJECT_ID: 'acme-shop', GOOGLE_APPLICATION_CREDENTIALS: '/dev/null', PAY_LINK_SECRET };

describe('which payment gateway may run', () => {
  it('when a demo- project has no Razorpay keys, then the sandbox runs with the default secret', () => {
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site' });

    expect(createGateway(config, admin().db).mode).toBe('sandbox');
  });

  it('when a real project has no PAY_LINK_SECRET (or a short one), then loading the configuration refuses: it signs pay links', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' };
    expect(() => loadConfig({ ...REAL_PROJECT, ...keys, PAY_LINK_SECRET: '' })).toThrow(/PAY_LINK_SECRET/);
    expect(() => loadConfig({ ...REAL_PROJECT, ...keys, PAY_LINK_SECRET: 'short' })).toThrow(/PAY_LINK_SECRET/);
    expect(loadConfig({ ...REAL_PROJECT, ...keys }).payLinkSecret).toBe(PAY_LINK_SECRET);
  });

  it('when a real project has no Razorpay keys, then loading the configuration refuses with a clear message', () => {
    expect(() => loadConfig(REAL_PROJECT)).toThrow(/sandbox gateway.*ALLOW_SANDBOX_PAYMENTS=true/);
    expect(() => loadConfig({ ...REAL_PROJECT, ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
  });

  it('when a real project allows the sandbox but keeps the public default secret, then it refuses', () => {
    expect(() => loadConfig({ ...REAL_PROJECT, ALLOW_SANDBOX_PAYMENTS: 'true' })).toThrow(/private SANDBOX_SECRET/);
    expect(() =>
      loadConfig({ ...REAL_PROJECT, ALLOW_SANDBOX_PAYMENTS: 'true', SANDBOX_SECRET: 'local-sandbox-secret' }),
    ).toThrow(/private SANDBOX_SECRET/);
  });

  it('when a real project allows the sandbox with its own secret, then the sandbox runs', () => {
    const config = loadConfig({ ...REAL_PROJECT, ALLOW_SANDBOX_PAYMENTS: 'true', SANDBOX_SECRET: 'a-private-secret' });

    expect(createGateway(config, admin().db).mode).toBe('sandbox');
  });

  it('when a real project has Razorpay keys, then Razorpay runs and no sandbox setting is needed', () => {
    const config = loadConfig({ ...REAL_PROJECT, RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' });

    expect(createGateway(config).mode).toBe('razorpay');
  });

  it('when a configuration built elsewhere asks for the sandbox on a real project, then createGateway refuses too', () => {
    const config = { ...loadConfig({ FIREBASE_PROJECT_ID: 'demo-site' }), FIREBASE_PROJECT_ID: 'acme-shop' } as Config;

    expect(() => createGateway(config, admin().db)).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
  });
});

describe('configuration warnings', () => {
  it('when a real project has no credentials file, then the warning is kept for the logger, not printed', () => {
    const print = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const config = loadConfig({
      FIREBASE_PROJECT_ID: 'acme-shop',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 's',
      PAY_LINK_SECRET: 'a-real-projects-pay-link-secret-of-32-characters',
    });

    expect(config.warnings).toEqual([expect.stringMatching(/GOOGLE_APPLICATION_CREDENTIALS is not set/)]);
    expect(print).not.toHaveBeenCalled();
    print.mockRestore();
  });
});
