import { describe, expect, test } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import '../test/render.tsx';
import { Overlay } from './Overlay.tsx';
import { useOverlayLink } from './overlayFlags.ts';

function Page() {
  const open = useOverlayLink('settings');
  return (
    <>
      <Link {...open}>Open settings</Link>
      <Overlay flag="settings" title="Account Settings">
        <button type="button">First</button>
        <button type="button">Last</button>
      </Overlay>
    </>
  );
}

/** An overlay framing another site's page (the payment provider's): closing never goes Back. */
function FramingPage() {
  const open = useOverlayLink('pay');
  return (
    <>
      <Link {...open}>Open payment</Link>
      <Overlay flag="pay" title="Payment" framesOtherSite>
        <button type="button">Inside</button>
      </Overlay>
    </>
  );
}

function setup(path: string, element = <Page />) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const dialog = () => screen.queryByRole('dialog', { name: 'Account Settings' });

describe('Overlay bound to a query flag', () => {
  test('is open while the flag is in the URL', () => {
    setup('/?settings');
    const el = dialog();
    expect(el).toBeTruthy();
    expect(el?.getAttribute('aria-modal')).toBe('true');
  });

  test('is closed without the flag', () => {
    setup('/');
    expect(dialog()).toBeNull();
  });

  test('opens from a link and Back (history) closes it', async () => {
    const router = setup('/');
    fireEvent.click(screen.getByRole('link', { name: 'Open settings' }));
    expect(dialog()).toBeTruthy();
    expect(router.state.location.search).toBe('?settings');
    await act(() => router.navigate(-1));
    expect(dialog()).toBeNull();
  });

  test('clicking the backdrop closes it and removes the flag', () => {
    const router = setup('/?settings&other=1');
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(dialog()).toBeNull();
    expect(router.state.location.search).toBe('?other=1');
  });

  test('a click inside the dialog does not close it', () => {
    setup('/?settings');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'First' }));
    expect(dialog()).toBeTruthy();
  });

  test('Escape closes it', () => {
    const router = setup('/?settings');
    fireEvent.keyDown(screen.getByRole('button', { name: 'First' }), { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  test('the close button closes it and returns to the page opened from', () => {
    const router = setup('/');
    fireEvent.click(screen.getByRole('link', { name: 'Open settings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  test('framing another site: Close replaces the URL without the flag instead of going Back (issue 32)', async () => {
    const router = setup('/', <FramingPage />);
    fireEvent.click(screen.getByRole('link', { name: 'Open payment' }));
    // Stands for the framed page's own navigation, which joins the history after the overlay's entry.
    await act(() => router.navigate('/?pay&step=2', { state: { overlay: 'pay' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Payment' })).toBeNull();
    expect(router.state.location.search).toBe('?step=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  test('focus moves into the dialog and Tab wraps around inside it', () => {
    setup('/?settings');
    const el = dialog();
    expect(el?.contains(document.activeElement)).toBe(true);
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
