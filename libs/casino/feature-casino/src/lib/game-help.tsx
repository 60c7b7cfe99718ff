import { useSiteFormat } from '@tessera/shared/data-access-brand';
import styled from 'styled-components';
import type { CasinoLaunchResponse } from './casino.api';
import { useCasinoT } from './use-casino-t';

const StyledHelp = styled.details`
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  padding: ${({ theme }) => theme.space(3)};
  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
  table {
    border-collapse: collapse;
    margin-block: ${({ theme }) => theme.space(2)};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
    text-align: start;
  }
`;

const camel = (id: string) => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The name of a slot symbol in the page language. */
export function useSymbolName(gameId: string): (symbol: string) => string {
  const { tcDynamic } = useCasinoT();
  return (symbol) => tcDynamic(`casino:symbols.${camel(gameId)}.${symbol}`, symbol);
}

/** Props of {@link GameHelp}. */
export interface GameHelpProps {
  launch: CasinoLaunchResponse;
}

/**
 * The game's rules and help with its RTP and largest win, and its table: a slot's paytable (line pays, scatter pays,
 * free spins), roulette's payouts. A disclosure, closed by default and reachable by keyboard.
 */
export function GameHelp({ launch }: GameHelpProps) {
  const { tc, tcDynamic } = useCasinoT();
  const { game, rules } = launch;
  const symbolName = useSymbolName(game.id);
  const maxWin = useSiteFormat().number(game.maxWinMultiple, 0);
  const pays = rules['pays'] as Record<string, Record<string, number>> | undefined;
  const scatterPays = rules['scatterPays'] as Record<string, number> | undefined;
  const freeSpins = rules['freeSpins'] as { awards: Record<string, number>; multiplier: number } | undefined;
  const payouts = rules['payouts'] as Record<string, number> | undefined;
  const lines = rules['lines'] as unknown[] | undefined;
  return (
    <StyledHelp>
      <summary>{tc('casino:game.help')}</summary>
      <p>{tcDynamic(game.helpKey, '', { rtp: game.rtpPercent, maxWin })}</p>
      <p>
        {tc(game.rtpSource === 'exact' ? 'casino:game.rtpExact' : 'casino:game.rtpPublished', {
          rtp: game.rtpPercent,
        })}
      </p>
      {pays ? (
        <>
          <table>
            <caption>{tc('casino:game.paytable', { count: lines?.length ?? 0 })}</caption>
            <thead>
              <tr>
                <th scope="col">{tc('casino:game.symbol')}</th>
                <th scope="col">×3</th>
                <th scope="col">×4</th>
                <th scope="col">×5</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(pays).map(([symbol, byRun]) => (
                <tr key={symbol}>
                  <th scope="row">{symbolName(symbol)}</th>
                  <td>{byRun['3'] ?? '–'}</td>
                  <td>{byRun['4'] ?? '–'}</td>
                  <td>{byRun['5'] ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{tc('casino:game.linePays')}</p>
          {scatterPays && freeSpins ? (
            <table>
              <caption>{tc('casino:game.scatter', { symbol: symbolName(String(rules['scatter'])) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{tc('casino:game.scatterCount')}</th>
                  <th scope="col">{tc('casino:game.scatterPay')}</th>
                  <th scope="col">{tc('casino:game.freeSpins')}</th>
                </tr>
              </thead>
              <tbody>
                {Object.keys(scatterPays).map((count) => (
                  <tr key={count}>
                    <th scope="row">{count}</th>
                    <td>×{scatterPays[count]}</td>
                    <td>{freeSpins.awards[count] ?? 0}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {freeSpins ? <p>{tc('casino:game.freeSpinsRule', { multiplier: freeSpins.multiplier })}</p> : null}
        </>
      ) : null}
      {payouts ? (
        <table>
          <caption>{tc('casino:game.payouts')}</caption>
          <tbody>
            {Object.entries(payouts).map(([type, pays]) => (
              <tr key={type}>
                <th scope="row">{tcDynamic(`casino:bets.${type}`, type)}</th>
                <td>{tc('casino:game.paysToOne', { pays })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </StyledHelp>
  );
}
