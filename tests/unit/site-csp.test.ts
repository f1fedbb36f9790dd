// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, cspHash, SHELL_GUARD_SCRIPT } from '../../scripts/prerender-landing';
import { hostingCsp, previewCsp } from '../../scripts/site-csp';

describe('the site CSP', () => {
  it('when the prerendered page runs its two inline scripts, then the hosting CSP allows exactly those by hash', () => {
    const scriptSrc = /script-src ([^;]+)/.exec(hostingCsp())![1]!.split(' ');
    expect(scriptSrc).toContain(cspHash(SHELL_GUARD_SCRIPT));
    expect(scriptSrc).toContain(cspHash(BOOT_SCRIPT));
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('when previewing locally, then only the emulators are added to connect-src', () => {
    expect(previewCsp()).toBe(hostingCsp().replace('connect-src ', 'connect-src http://127.0.0.1:* '));
  });
});
