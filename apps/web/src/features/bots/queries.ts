import { useQuery } from '@tanstack/react-query';
import { fetchCurrentBotGame } from './api.ts';

export const BOT_KEYS = { current: ['bots', 'current'] as const };

/** The user's live bot game (BOT_ROUTES.current), or null: a reload of /bot-match resumes it. */
export const useCurrentBotGame = (enabled = true) =>
  useQuery({
    queryKey: BOT_KEYS.current,
    queryFn: async () => (await fetchCurrentBotGame()).bot,
    staleTime: 0,
    enabled,
  });
