import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PLAY_TEXTS } from '@rush/domain';
import { makeMe } from '../../test/fakes.ts';
import { LINK_REWARD_TEXT } from '../accounts/index.ts';
import { startMatchApp } from './testing.tsx';

describe('/start for a player without a chess account (issue 36)', () => {
  test('the notice links the account right there and the wizard says it is linked', async () => {
    let linked = false;
    const { api } = startMatchApp('/start', {
      me: makeMe({ emailVerified: true, chessUsername: null }),
      routes: {
        'POST /api/play/link': () => {
          linked = true;
          return {
            body: {
              uid: 'u1',
              chessUsername: 'alice',
              linked: true,
              linkedAt: null,
              ratings: {
                blitz: { family: 'blitz', rating: 1500, rd: 350, provisional: true, games: 0 },
                rapid: { family: 'rapid', rating: 1500, rd: 350, provisional: true, games: 0 },
              },
              rewardGranted: true,
            },
          };
        },
      },
    });
    const notice = (await screen.findByText(PLAY_TEXTS.notLinked, { exact: false })).closest('.notice') as HTMLElement;
    expect(notice.textContent).toContain('cannot be changed later');
    // No detour through Account Settings: the button is here.
    expect(screen.queryByRole('link', { name: /Account Settings/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(linked).toBe(true));
    expect(api.callsTo('POST', '/api/play/link')).toHaveLength(1);
    expect(await screen.findByText(LINK_REWARD_TEXT)).toBeTruthy();
  });
});
