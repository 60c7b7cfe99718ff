import {
  favoriteGamesPreference,
  rowMarkets,
  toggleId,
  useBettingView,
  useLiveGame,
  useOddsCell,
  usePeriodName,
  usePreference,
  type FeedGameRow,
  type FeedMarket,
  type FeedOutcome,
} from '@tessera/sportsbook/data-access-feed';
import { useBrand, useSiteFormat, useT } from '@tessera/shared/data-access-brand';
import type { SiteFormat } from '@tessera/shared/util-format';
import { useFeedCouponPick } from '@tessera/sportsbook/data-access-coupon';
import { FavoriteToggle, GameRow, OddsButton } from '@tessera/sportsbook/ui';
import { memo } from 'react';
import { Link } from 'react-router';

/** Props of {@link LineOddsButton}. */
export interface LineOddsButtonProps {
  game: Pick<FeedGameRow, 'id' | 'status' | 'home' | 'away'>;
  market: FeedMarket;
  outcome: FeedOutcome;
}

/** A live odds button of one outcome; re-renders only when that outcome changes. */
export const LineOddsButton = memo(function LineOddsButton({ game, market, outcome }: LineOddsButtonProps) {
  const cell = useOddsCell(game, market, outcome);
  // A click adds the outcome to the page's coupon (or removes it); without a coupon on the page it does nothing.
  const pick = useFeedCouponPick(game, market, outcome, cell.label);
  return <OddsButton {...cell} {...pick} />;
});

/** Start time in the page language, or the live score and clock. */
function GameMeta({ game }: { game: FeedGameRow }) {
  const { language, t } = useT();
  const site = useSiteFormat();
  const { config } = useBrand();
  const periodName = usePeriodName();
  const state = useLiveGame(game);
  if (state.status === 'live' && state.live) {
    const minutes = Math.floor(state.live.clockSeconds / 60);
    return (
      <span>
        <strong>
          {state.live.score.home}:{state.live.score.away}
        </strong>{' '}
        {periodName(game.sportId, state.live.period)} · {minutes}′
      </span>
    );
  }
  if (state.status === 'finished') return <span>{t('sportsbook:game.finished')}</span>;
  return (
    <time dateTime={new Date(game.startsAt * 1000).toISOString()} data-start={language}>
      {formatStart(game.startsAt, language, site, config.global.timeFormat)}
    </time>
  );
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (about 0.5 ms each on a slowed phone CPU,
// once per row of a long list at hydration): util-format keeps its formatters. Formatting itself still costs about
// 1 ms per call there, and a list re-renders every row, while games share a few start times: the text is kept too,
// per site format (one brand's settings in one language). The server renders every brand in one process, and brands
// write the same start in different zones and time formats: a text kept for one brand is never another's.
const startTexts = new WeakMap<Pick<SiteFormat, 'pattern'>, Map<string, string>>();
const MAX_START_TEXTS = 5_000;

/**
 * The start texts the server already wrote into the page (`<time data-start="<language>" datetime>`), taken before a
 * site format's first start in a browser. The first Intl.DateTimeFormat of a page starts the browser's date formatting
 * (ICU) and cost 15-20 ms of CPU on this kind of host, 60-80 ms on the reference phone, inside one hydration task of
 * the line page: its biggest long task (tools/bench, "vitals"). Hydration needs exactly the server's text, which the
 * page holds; a formatter is first built for a start the page did not show (more games, another language). The page
 * is read once per site format, and a page has one (per language), so once per page and language.
 */
function textsFromPage(): Map<string, string> {
  const texts = new Map<string, string>();
  if (typeof document === 'undefined') return texts;
  for (const el of document.querySelectorAll<HTMLTimeElement>('time[data-start][datetime]')) {
    const at = Date.parse(el.dateTime);
    const text = el.textContent;
    if (Number.isFinite(at) && text) texts.set(`${el.dataset['start']} ${Math.round(at / 1000)}`, text);
  }
  return texts;
}

/**
 * Day and time of a start: the day and month in the page language, the time in the brand's `global.timeFormat`, both
 * in the brand's time zone (the same on the server and in every visitor's browser).
 */
export function formatStart(
  startsAt: number,
  language: string,
  site: Pick<SiteFormat, 'pattern'>,
  timeFormat: string,
): string {
  let texts = startTexts.get(site);
  if (!texts) startTexts.set(site, (texts = textsFromPage()));
  const key = `${language} ${startsAt}`;
  const known = texts.get(key);
  if (known !== undefined) return known;
  const text = site.pattern(startsAt * 1000, `dd MMM ${timeFormat}`);
  if (texts.size >= MAX_START_TEXTS) texts.clear();
  texts.set(key, text);
  return text;
}

/** Props of {@link LineGameRow}. */
export interface LineGameRowProps {
  game: FeedGameRow;
}

/** One game of the line: favourite star, teams linking to the game page, start or score, main odds (or, in the Asian view, the main handicap and total). */
export const LineGameRow = memo(function LineGameRow({ game }: LineGameRowProps) {
  const { t, language } = useT();
  const [favorites] = usePreference(favoriteGamesPreference);
  const name = `${game.home.name} – ${game.away.name}`;
  const on = favorites.includes(game.id);
  // European view: the main market (1X2); Asian view: the main handicap and total lines (data-access-feed README, "Asian list columns").
  const { view } = useBettingView();
  const markets = rowMarkets(game, view);
  return (
    <GameRow
      label={name}
      leading={
        <FavoriteToggle
          on={on}
          label={t(on ? 'sportsbook:favorites.removeGame' : 'sportsbook:favorites.addGame', { name })}
          onToggle={() => favoriteGamesPreference.set(toggleId(favoriteGamesPreference.get(), game.id))}
        />
      }
      title={<Link to={`/${language}/game/${game.id}`}>{name}</Link>}
      meta={<GameMeta game={game} />}
      odds={
        <>
          {markets.map((market) =>
            market.outcomes.map((o) => <LineOddsButton key={o.id} game={game} market={market} outcome={o} />),
          )}
          {game.marketsCount > 1 ? (
            <Link to={`/${language}/game/${game.id}`} aria-hidden="true" tabIndex={-1}>
              {t('sportsbook:common.markets', { count: game.marketsCount })}
            </Link>
          ) : null}
        </>
      }
    />
  );
});
