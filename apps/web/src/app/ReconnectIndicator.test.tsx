import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { TEXTS } from '@rush/domain';
import { CLOSE_CODES, PROTOCOL_VERSION } from '@rush/protocol';
import { RealtimeProvider } from '../api/realtime-react.tsx';
import { fakeRealtime } from '../test/fakes.ts';
import { ReconnectIndicator } from './ReconnectIndicator.tsx';

describe('ReconnectIndicator', () => {
  test('closed for newer windows (4009): says the session continues elsewhere, and Use here reconnects', () => {
    const rt = fakeRealtime(vi.fn());
    render(
      <RealtimeProvider client={rt.client} identity="u1">
        <ReconnectIndicator />
      </RealtimeProvider>,
    );
    const socket = rt.sockets[0]!;
    act(() => {
      socket.open();
      socket.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true });
    });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => socket.drop(CLOSE_CODES.tooManySockets));
    expect(screen.getByRole('status').textContent).toContain(TEXTS.sessionElsewhere);
    expect(rt.sockets).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: TEXTS.useHere }));
    expect(rt.sockets).toHaveLength(2);
    act(() => {
      rt.sockets[1]!.open();
      rt.sockets[1]!.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c2', authenticated: true });
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
