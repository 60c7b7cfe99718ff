import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, Input, PageState, pageStatus, Select } from '@tessera/shared/ui';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { casinoApi, casinoKeys, errorCodeOf, type CasinoVerifyResponse } from './casino.api';
import { gameNameKey, useCasinoMoney } from './casino-format';
import { useCasinoT } from './use-casino-t';

const StyledPage = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  section {
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
  }
  dl {
    display: grid;
    grid-template-columns: minmax(8rem, max-content) 1fr;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    margin: 0;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-family: ${({ theme }) => theme.typography.mono};
  }
  form {
    display: grid;
    gap: ${({ theme }) => theme.space(3)};
    max-inline-size: 40rem;
  }
`;

const StyledVerdict = styled.p<{ $ok: boolean }>`
  margin: 0;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-inline-start: 4px solid
    ${({ theme, $ok }) => ($ok ? theme.color.status.success.base : theme.color.status.danger.base)};
  background: ${({ theme }) => theme.color.surface.raised};
  font-weight: ${({ theme }) => theme.typography.weight.medium};
`;

const GAMES = ['aurora-gems', 'harbour-fruits', 'european-roulette', 'blackjack', 'crash'];

/** Props of {@link CasinoVerifyPage}. */
export interface CasinoVerifyPageProps {
  signedIn: boolean;
}

/**
 * The provably fair page (`/casino/verify`): how results are made, the player's seed pair (its hash, the client seed
 * to change, rotation revealing the old server seed), a round of the player's checked against its revealed seed
 * (`?round=`), and a form that recomputes any round from its seeds, nonce and bet, signed in or not.
 */
export function CasinoVerifyPage({ signedIn }: CasinoVerifyPageProps) {
  const { tc } = useCasinoT();
  const [params] = useSearchParams();
  const roundId = params.get('round') ?? '';
  return (
    <StyledPage>
      <p>{tc('casino:fair.help')}</p>
      {signedIn ? <SeedPair /> : null}
      {signedIn && roundId ? <RoundCheck roundId={roundId} /> : null}
      <Recompute />
    </StyledPage>
  );
}

function SeedPair() {
  const { tc } = useCasinoT();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [clientSeed, setClientSeed] = useState('');
  const seeds = useQuery({
    queryKey: casinoKeys.seeds(),
    queryFn: ({ signal }) => client.send(casinoApi.seeds, {}, { signal }),
  });
  const rotate = useMutation({
    mutationFn: () => client.send(casinoApi.rotateSeed, { clientSeed: clientSeed.trim() || undefined }),
    onSuccess: (data) => {
      queryClient.setQueryData(casinoKeys.seeds(), data.next);
      void queryClient.invalidateQueries({ queryKey: ['casino', 'verify'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rotate.mutate();
  };
  const seedValid = clientSeed === '' || /^[\x21-\x7e]{1,64}$/.test(clientSeed.trim());
  return (
    <section aria-labelledby="fair-seeds">
      <h2 id="fair-seeds">{tc('casino:fair.yourSeeds')}</h2>
      <PageState
        status={pageStatus(seeds)}
        loadingLabel={tc('casino:fair.loading')}
        rows={3}
        errorText={tc('casino:fair.error')}
        retryLabel={tc('casino:lobby.retry')}
        onRetry={() => void seeds.refetch()}
      >
        <dl>
          <dt>{tc('casino:fair.serverSeedHash')}</dt>
          <dd>{seeds.data?.serverSeedHash ?? tc('casino:fair.noPair')}</dd>
          <dt>{tc('casino:fair.clientSeed')}</dt>
          <dd>{seeds.data?.clientSeed ?? '–'}</dd>
          <dt>{tc('casino:fair.nonce')}</dt>
          <dd>{seeds.data?.nextNonce ?? 0}</dd>
        </dl>
      </PageState>
      <form onSubmit={submit}>
        <Field
          label={tc('casino:fair.newClientSeed')}
          hint={tc('casino:fair.newClientSeedHint')}
          error={seedValid ? undefined : tc('casino:fair.clientSeedInvalid')}
        >
          <Input value={clientSeed} maxLength={64} onChange={(e) => setClientSeed(e.currentTarget.value)} />
        </Field>
        <div>
          <Button type="submit" loading={rotate.isPending} disabled={!seedValid || rotate.isPending}>
            {tc('casino:fair.rotate')}
          </Button>
        </div>
      </form>
      {rotate.isError ? (
        <p role="alert">{errorCodeOf(rotate.error) === 1805 ? tc('casino:fair.roundOpen') : tc('casino:fair.error')}</p>
      ) : null}
      {rotate.data ? (
        <div role="status">
          <p>{tc('casino:fair.revealed', { count: rotate.data.revealed.rounds })}</p>
          <dl>
            <dt>{tc('casino:fair.serverSeed')}</dt>
            <dd>{rotate.data.revealed.serverSeed}</dd>
            <dt>{tc('casino:fair.serverSeedHash')}</dt>
            <dd>{rotate.data.revealed.serverSeedHash}</dd>
            <dt>{tc('casino:fair.clientSeed')}</dt>
            <dd>{rotate.data.revealed.clientSeed}</dd>
          </dl>
        </div>
      ) : null}
    </section>
  );
}

function RoundCheck({ roundId }: { roundId: string }) {
  const { tc, tcDynamic } = useCasinoT();
  const money = useCasinoMoney();
  const client = useApiClient();
  const check = useQuery({
    queryKey: casinoKeys.verify(roundId),
    queryFn: ({ signal }) => client.send(casinoApi.verify(roundId), {}, { signal }),
    retry: false,
  });
  const notRevealed = errorCodeOf(check.error) === 1809;
  const data: CasinoVerifyResponse | undefined = check.data;
  return (
    <section aria-labelledby="fair-round">
      <h2 id="fair-round">{tc('casino:fair.round', { round: roundId })}</h2>
      <PageState
        status={pageStatus(check)}
        loadingLabel={tc('casino:fair.loading')}
        rows={4}
        errorText={notRevealed ? tc('casino:fair.notRevealed') : tc('casino:fair.notFound')}
      >
        {data ? (
          <>
            <StyledVerdict $ok={data.verified} role="status">
              {data.verified ? tc('casino:fair.verified') : tc('casino:fair.mismatch')}
            </StyledVerdict>
            <dl>
              <dt>{tc('casino:history.game')}</dt>
              <dd>{tcDynamic(gameNameKey(data.gameId), data.gameId)}</dd>
              <dt>{tc('casino:fair.serverSeed')}</dt>
              <dd>{data.serverSeed}</dd>
              <dt>{tc('casino:fair.serverSeedHash')}</dt>
              <dd>{data.serverSeedHash}</dd>
              <dt>{tc('casino:fair.clientSeed')}</dt>
              <dd>{data.clientSeed}</dd>
              <dt>{tc('casino:fair.nonce')}</dt>
              <dd>{data.nonce}</dd>
              <dt>{tc('casino:fair.bet')}</dt>
              <dd>{JSON.stringify(data.bet)}</dd>
              <dt>{tc('casino:fair.storedWin')}</dt>
              <dd>{data.stored.win === null ? '–' : money(data.stored.win, null)}</dd>
              <dt>{tc('casino:fair.recomputedWin')}</dt>
              <dd>{data.recomputed.win === null ? '–' : money(data.recomputed.win, null)}</dd>
            </dl>
          </>
        ) : null}
      </PageState>
    </section>
  );
}

function Recompute() {
  const { tc, tcDynamic } = useCasinoT();
  const client = useApiClient();
  const [form, setForm] = useState({
    gameId: GAMES[0] ?? 'aurora-gems',
    serverSeed: '',
    serverSeedHash: '',
    clientSeed: '',
    nonce: '0',
    bet: '{"stake":20}',
    actions: '',
  });
  const [betError, setBetError] = useState(false);
  const recompute = useMutation({
    mutationFn: (bet: Record<string, unknown>) =>
      client.send(casinoApi.recompute, {
        gameId: form.gameId,
        serverSeed: form.serverSeed.trim(),
        serverSeedHash: form.serverSeedHash.trim(),
        clientSeed: form.clientSeed.trim(),
        nonce: Number(form.nonce),
        bet,
        actions: form.actions.trim() ? form.actions.split(/[\s,]+/).filter(Boolean) : undefined,
      }),
  });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { currentTarget: { value: string } }) => setForm((f) => ({ ...f, [key]: e.currentTarget.value })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    try {
      const bet = JSON.parse(form.bet) as unknown;
      if (typeof bet !== 'object' || bet === null || Array.isArray(bet)) throw new Error('not an object');
      setBetError(false);
      recompute.mutate(bet as Record<string, unknown>);
    } catch {
      setBetError(true);
    }
  };
  const result = recompute.data;
  return (
    <section aria-labelledby="fair-recompute">
      <h2 id="fair-recompute">{tc('casino:fair.recompute')}</h2>
      <form onSubmit={submit}>
        <Field label={tc('casino:history.game')}>
          <Select {...field('gameId')}>
            {GAMES.map((g) => (
              <option key={g} value={g}>
                {tcDynamic(gameNameKey(g), g)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={tc('casino:fair.serverSeed')}>
          <Input {...field('serverSeed')} spellCheck={false} />
        </Field>
        <Field label={tc('casino:fair.serverSeedHash')}>
          <Input {...field('serverSeedHash')} spellCheck={false} />
        </Field>
        <Field label={tc('casino:fair.clientSeed')}>
          <Input {...field('clientSeed')} spellCheck={false} />
        </Field>
        <Field label={tc('casino:fair.nonce')}>
          <Input {...field('nonce')} inputMode="numeric" />
        </Field>
        <Field
          label={tc('casino:fair.bet')}
          hint={tc('casino:fair.betHint')}
          error={betError ? tc('casino:fair.betInvalid') : undefined}
        >
          <Input {...field('bet')} spellCheck={false} />
        </Field>
        <Field label={tc('casino:fair.actions')} hint={tc('casino:fair.actionsHint')}>
          <Input {...field('actions')} spellCheck={false} />
        </Field>
        <div>
          <Button type="submit" loading={recompute.isPending}>
            {tc('casino:fair.verify')}
          </Button>
        </div>
      </form>
      {recompute.isError ? <p role="alert">{tc('casino:fair.recomputeError')}</p> : null}
      {result ? (
        <div role="status">
          <StyledVerdict $ok={result.hashMatches}>
            {result.hashMatches ? tc('casino:fair.hashMatches') : tc('casino:fair.hashDiffers')}
          </StyledVerdict>
          <p>
            {tc('casino:fair.recomputedResult', { win: result.win === null ? '–' : (result.win / 100).toFixed(2) })}
          </p>
          <pre>{JSON.stringify(result.outcome, null, 1)}</pre>
        </div>
      ) : null}
    </section>
  );
}
