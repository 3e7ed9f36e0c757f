import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUG_REPORT_CLOSE_MS, SOCIAL_TEXTS } from '@rush/domain';
import { SOCIAL_ROUTES } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';

afterEach(() => vi.useRealTimers());

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });

type Reply = { status?: number; body?: unknown };

function open(opts: { me?: ReturnType<typeof makeMe> | null; reply?: Reply } = {}) {
  dismissOnboardingForTests();
  const api = mockApi({
    me: opts.me ?? null,
    routes: { [`POST ${SOCIAL_ROUTES.bugReport}`]: () => opts.reply ?? { body: { ok: true } } },
  });
  const app = renderApp('/?bugreport');
  return { api, app };
}

/** The modal once its (lazily loaded) form is there. */
async function modal(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: 'Report a Bug' });
  if (!within(dialog).queryByText(SOCIAL_TEXTS.reportSent)) {
    await within(dialog).findByRole('button', { name: SOCIAL_TEXTS.sendReport }, { timeout: 3000 });
  }
  return dialog;
}
const field = async (label: string | RegExp) => within(await modal()).getByLabelText(label);
const type = async (label: string, value: string) => fireEvent.change(await field(label), { target: { value } });
const send = async () => fireEvent.click(within(await modal()).getByRole('button', { name: SOCIAL_TEXTS.sendReport }));
const pick = async (...files: File[]) => fireEvent.change(await field(/^Images/), { target: { files } });
const attached = () =>
  within(screen.getByRole('list', { name: 'Attached images' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent);

async function fillValid() {
  await type('Title', 'Board freezes');
  await type('Platform', 'Firefox 128, Windows 11');
  await type('Description', 'After the first move the board stops responding.');
}

describe('bug report modal', () => {
  test('required fields: each error under its field with the domain text; nothing sent', async () => {
    const { api } = open();
    await send();
    const dialog = await modal();
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toEqual([
      SOCIAL_TEXTS.bugTitleRequired,
      SOCIAL_TEXTS.bugPlatformRequired,
      SOCIAL_TEXTS.bugDescriptionRequired,
    ]);
    expect((await field('Title')).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', SOCIAL_ROUTES.bugReport)).toHaveLength(0);
  });

  test('lengths: title and platform max 120, description 15-600', async () => {
    const { api } = open();
    await type('Title', 't'.repeat(121));
    await type('Platform', 'p'.repeat(121));
    await type('Description', 'd'.repeat(14));
    await send();
    const dialog = await modal();
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([SOCIAL_TEXTS.bugTitleTooLong, SOCIAL_TEXTS.bugPlatformTooLong, SOCIAL_TEXTS.bugDescriptionTooShort]);
    await type('Title', 't'.repeat(120));
    await type('Platform', 'p'.repeat(120));
    await type('Description', 'd'.repeat(601));
    await send();
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([SOCIAL_TEXTS.bugDescriptionTooLong]);
    expect(api.callsTo('POST', SOCIAL_ROUTES.bugReport)).toHaveLength(0);
  });

  test('images are checked by content: a PNG is kept, a text file named .png is left out with a note', async () => {
    open();
    await pick(png('shot.png'), new File(['not an image at all'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(attached()).toEqual(['shot.png']));
    expect(within(await modal()).getByRole('status').textContent).toBe(SOCIAL_TEXTS.bugImageType);
  });

  test('at most 3 images: a 4th is not added', async () => {
    open();
    await pick(png('a.png'), new File([JPEG], 'b.jpg', { type: 'image/jpeg' }), png('c.png'), png('d.png'));
    await waitFor(() => expect(attached()).toEqual(['a.png', 'b.jpg', 'c.png']));
    expect(within(await modal()).getByRole('status').textContent).toBe(SOCIAL_TEXTS.bugTooManyImages);
    expect(((await field(/^Images/)) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(attached()).toEqual(['a.png', 'c.png']);
  });

  test('anonymous: sends multipart, shows "Report sent" / "Thank you for feedback!", closes after 3 s', async () => {
    const { api, app } = open();
    await fillValid();
    await pick(png('shot.png'));
    await waitFor(() => expect(attached()).toEqual(['shot.png']));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await send();
    const status = await within(await modal()).findByText(SOCIAL_TEXTS.reportSent);
    expect(status.parentElement?.textContent).toBe(`${SOCIAL_TEXTS.reportSent}${SOCIAL_TEXTS.thankYou}`);

    const [call] = api.callsTo('POST', SOCIAL_ROUTES.bugReport);
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('title')).toBe('Board freezes');
    expect(form.get('platform')).toBe('Firefox 128, Windows 11');
    expect(form.get('description')).toBe('After the first move the board stops responding.');
    const images = form.getAll('images') as File[];
    expect(images).toHaveLength(1);
    expect(images[0]?.type).toBe('image/png');
    expect(images[0]?.name).toBe('shot.png');

    await act(async () => {});
    act(() => {
      vi.advanceTimersByTime(BUG_REPORT_CLOSE_MS - 200);
    });
    expect(screen.queryByRole('dialog', { name: 'Report a Bug' })).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole('dialog', { name: 'Report a Bug' })).toBeNull();
    expect(app.location().search).not.toContain('bugreport');
  });

  test('signed-in users send it too', async () => {
    const { api } = open({ me: makeMe() });
    await fillValid();
    await send();
    expect(await within(await modal()).findByText(SOCIAL_TEXTS.thankYou)).toBeTruthy();
    expect(api.callsTo('POST', SOCIAL_ROUTES.bugReport)).toHaveLength(1);
  });

  test("the server's message shows when it refuses; the form stays", async () => {
    open({ reply: { status: 429, body: { error: { code: 'TOO_SOON', message: 'Too many reports, try later.' } } } });
    await fillValid();
    await send();
    expect(await within(await modal()).findByText('Too many reports, try later.')).toBeTruthy();
    expect(within(await modal()).getByRole('button', { name: SOCIAL_TEXTS.sendReport })).toBeTruthy();
  });
});
