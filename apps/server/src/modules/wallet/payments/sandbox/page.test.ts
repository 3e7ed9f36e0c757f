// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_JS } from './assets.ts';
import { checkoutPage } from './page.ts';
import type { SandboxPaymentRecord } from './sandbox.store.ts';

const open = {
  id: 'c1',
  reference: 'dep-1',
  amount: 5000n,
  status: 'open',
  expiresAt: null,
} as unknown as SandboxPaymentRecord;

/** What this test touches of jsdom's DOM (the server's TypeScript has no DOM types). */
interface Element {
  textContent: string | null;
  disabled: boolean;
  click(): void;
}
const { document, window } = globalThis as unknown as {
  document: {
    open(): void;
    write(html: string): void;
    close(): void;
    querySelectorAll(selector: string): ArrayLike<Element>;
    getElementById(id: string): Element | null;
  };
  window: { eval(code: string): unknown };
};

/** The checkout page as the iframe gets it, before its deferred script has run. */
function load(record: SandboxPaymentRecord): void {
  document.open();
  document.write(checkoutPage(record, 'RushChess', new Date()));
  document.close();
}

const button = (name: string) => Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name)!;

afterEach(() => vi.unstubAllGlobals());

describe('the sandbox checkout page', () => {
  it('serves Pay and Cancel disabled: pressed before checkout.js ran, they would do nothing', () => {
    load(open);
    expect(button('Pay').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
  });

  it('checkout.js enables them with their behaviour: Pay posts the decision', () => {
    load(open);
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    window.eval(CHECKOUT_JS);
    expect(button('Pay').disabled).toBe(false);
    expect(button('Cancel').disabled).toBe(false);
    button('Pay').click();
    expect(fetch).toHaveBeenCalledWith('/api/sandbox-pay/checkout/c1/pay', expect.objectContaining({ method: 'POST' }));
    expect(document.getElementById('status')!.textContent).toBe('Processing payment...');
    expect(button('Pay').disabled).toBe(true);
  });
});
