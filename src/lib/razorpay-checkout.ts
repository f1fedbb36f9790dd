import { COMPANY } from '@/domain/company';
import { formatInr } from '@/domain/money';
import type { CheckoutResult } from '@/domain/payments';

/**
 * Opens the payment checkout for a gateway order the API created. With real keys that is
 * Razorpay Checkout, whose script is loaded only now (never on first paint). In sandbox mode it
 * is our own clearly labelled test checkout with Pay and Fail buttons; its outcome goes through
 * `onSandboxOutcome` (the feature's API call), so the same verify path runs afterwards.
 */
export interface CheckoutOptions {
  gateway: 'razorpay' | 'sandbox';
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: 'INR';
  description: string;
  prefill?: { name?: string; email?: string; contact?: string };
  onSandboxOutcome: (outcome: 'success' | 'failure') => Promise<CheckoutResult>;
}

/** The customer closed the checkout without paying. */
export class CheckoutCancelledError extends Error {
  constructor() {
    super('Payment cancelled.');
  }
}

/** A gateway order as the API hands it over, amount in paise. */
export type CheckoutOrder = Pick<CheckoutOptions, 'gateway' | 'keyId' | 'amountPaise' | 'currency'> & { id: string };

/** Opens the checkout for an order the API created: a cart's, an invoice's and a pay link's alike. */
export function openOrderCheckout(
  order: CheckoutOrder,
  options: Pick<CheckoutOptions, 'description' | 'prefill' | 'onSandboxOutcome'>,
): Promise<CheckoutResult> {
  const { gateway, keyId, id: orderId, amountPaise, currency } = order;
  return openCheckout({ gateway, keyId, orderId, amountPaise, currency, ...options });
}

export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const THEME_COLOUR = COMPANY.brandColour;

export function openCheckout(options: CheckoutOptions): Promise<CheckoutResult> {
  return options.gateway === 'sandbox' ? openSandboxCheckout(options) : openRazorpayCheckout(options);
}

// ---- Razorpay ------------------------------------------------------------------------------

interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: 'payment.failed', handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let scriptPromise: Promise<RazorpayConstructor> | null = null;

function loadRazorpay(): Promise<RazorpayConstructor> {
  const existing = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  scriptPromise ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('Payment gateway error.'));
    };
    script.onerror = () => {
      scriptPromise = null;
      script.remove();
      reject(new Error('Could not load the payment checkout. Please check your connection and try again.'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

async function openRazorpayCheckout(options: CheckoutOptions): Promise<CheckoutResult> {
  const Razorpay = await loadRazorpay();
  return new Promise<CheckoutResult>((resolve, reject) => {
    let settled = false;
    const checkout = new Razorpay({
      key: options.keyId,
      amount: options.amountPaise,
      currency: options.currency,
      name: COMPANY.name,
      description: options.description,
      order_id: options.orderId,
      prefill: options.prefill ?? {},
      theme: { color: THEME_COLOUR },
      handler: (response: CheckoutResult) => {
        settled = true;
        resolve(response);
      },
      modal: {
        ondismiss: () => {
          if (!settled) reject(new CheckoutCancelledError());
        },
      },
    });
    checkout.on('payment.failed', (response) => {
      settled = true;
      checkout.close();
      reject(new Error(response.error?.description || 'Payment gateway error.'));
    });
    checkout.open();
  });
}

// ---- Sandbox ---------------------------------------------------------------------------------

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A native modal <dialog>: it traps focus, closes on Escape, and we give focus back to the
 * button that opened it. Built without React so the lib layer stays free of feature UI.
 */
function openSandboxCheckout(options: CheckoutOptions): Promise<CheckoutResult> {
  return new Promise<CheckoutResult>((resolve, reject) => {
    const returnFocus = document.activeElement as HTMLElement | null;
    const dialog = element('dialog', 'm-auto w-[min(92vw,26rem)] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/60');
    dialog.setAttribute('aria-labelledby', 'sandbox-checkout-title');
    dialog.setAttribute('aria-describedby', 'sandbox-checkout-note');
    dialog.dataset.testid = 'sandbox-checkout';

    const header = element('div', 'flex items-center justify-between gap-3 rounded-t-xl bg-amber-100 px-5 py-3');
    const title = element('h2', 'text-base font-bold text-amber-900', 'Test checkout (sandbox)');
    title.id = 'sandbox-checkout-title';
    const close = element(
      'button',
      'rounded px-2 text-xl leading-none text-amber-900 focus-visible:outline-2 focus-visible:outline-amber-900',
      '×',
    );
    close.type = 'button';
    close.setAttribute('aria-label', 'Cancel payment');
    header.append(title, close);

    const body = element('div', 'space-y-3 px-5 py-4 text-sm text-slate-800');
    const note = element(
      'p',
      'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900',
      'This is a local test payment: no card is needed and no money is charged. Choose how the payment should end.',
    );
    note.id = 'sandbox-checkout-note';
    const merchant = element('p', 'font-semibold', COMPANY.name);
    const description = element('p', '', options.description);
    const amount = element('p', 'text-2xl font-bold text-slate-900', formatInr(options.amountPaise));
    const reference = element('p', 'text-xs text-slate-600', `Order ${options.orderId}`);
    const status = element('p', 'min-h-5 text-sm text-slate-700');
    status.setAttribute('role', 'status');
    body.append(note, merchant, description, amount, reference, status);

    const actions = element('div', 'flex gap-3 border-t border-slate-200 px-5 py-4');
    const buttonBase =
      'h-11 flex-1 rounded-lg font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60';
    const pay = element(
      'button',
      `${buttonBase} bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-800`,
      'Pay',
    );
    const fail = element('button', `${buttonBase} bg-red-700 hover:bg-red-800 focus-visible:outline-red-800`, 'Fail');
    pay.type = 'button';
    fail.type = 'button';
    actions.append(pay, fail);
    dialog.append(header, body, actions);

    let busy = false;
    const finish = () => {
      dialog.close();
      dialog.remove();
      if (returnFocus?.isConnected) returnFocus.focus();
    };
    const cancel = () => {
      if (busy) return;
      finish();
      reject(new CheckoutCancelledError());
    };
    const choose = async (outcome: 'success' | 'failure') => {
      if (busy) return;
      busy = true;
      for (const button of [pay, fail, close]) button.disabled = true;
      status.textContent = 'Processing...';
      try {
        const result = await options.onSandboxOutcome(outcome);
        finish();
        resolve(result);
      } catch (error) {
        finish();
        reject(error instanceof Error ? error : new Error('Payment gateway error.'));
      }
    };

    pay.addEventListener('click', () => void choose('success'));
    fail.addEventListener('click', () => void choose('failure'));
    close.addEventListener('click', cancel);
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      cancel();
    });
    document.body.append(dialog);
    dialog.showModal();
    pay.focus();
  });
}
