import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, cspHash } from '../../scripts/prerender';
import { hostingCsp, previewCsp } from '../../scripts/site-csp';

describe('the site CSP', () => {
  it('when a prerendered page runs its one inline script, then the hosting CSP allows exactly that by hash', () => {
    const scriptSrc = /script-src ([^;]+)/.exec(hostingCsp())![1]!.split(' ');
    expect(scriptSrc).toContain(cspHash(BOOT_SCRIPT));
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toEqual([cspHash(BOOT_SCRIPT)]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('when previewing locally, then only the emulators are added to connect-src', () => {
    expect(previewCsp()).toBe(hostingCsp().replace('connect-src ', 'connect-src http://127.0.0.1:* '));
  });
});
