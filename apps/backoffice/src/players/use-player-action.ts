import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { useCallback } from 'react';
import { consoleKeys } from '../api/console.queries';
import { deskCalls, type PLAYER_ACTIONS } from '../api/desks.api';

/** An action on a player's account. */
export type PlayerAction = (typeof PLAYER_ACTIONS)[number];

/** Sends lock, unlock, sign-out (with a reason) or a note, then reloads the player and the search results. */
export function usePlayerActions(playerId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: consoleKeys.players() }), [queryClient]);
  const act = useCallback(
    async (action: PlayerAction, reason: string) => {
      const answer = await client.send(deskCalls.playerAction, { id: playerId, action, reason });
      await refresh();
      return answer;
    },
    [client, playerId, refresh],
  );
  const addNote = useCallback(
    async (text: string) => {
      await client.send(deskCalls.addNote, { id: playerId, notes: 'notes', text });
      await refresh();
    },
    [client, playerId, refresh],
  );
  return { act, addNote };
}
