import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { isFeatureOn, useBrand, useFeature, useT } from '@tessera/shared/data-access-brand';
import { Link, Skeleton } from '@tessera/shared/ui';
import type { SiteConfig, SiteStream } from '@tessera/shared/util-config';
import { SportsbookProvider } from '@tessera/sportsbook/data-access-feed';
import {
  HomeBlocks,
  planHomeBlocks,
  prefetchHomeBlocks,
  type HomeBlockId,
  type HomeBlockPlan,
} from '@tessera/sportsbook/feature-line';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
// Types only: the server-data runner stays out of the client's chunks.
import type { ServerData } from '../app/server-data';
import { CouponArea } from './coupon-area';

// The casino strip is its own chunk with the casino's copy: loaded only when its block comes near the screen.
const HomeCasinoStrip = lazy(() => import('./home/home-casino-strip').then((m) => ({ default: m.HomeCasinoStrip })));

/** Whether a home block's section is on for the brand: live and line by the betting switches, the casino by its stream. */
export function homeBlockAvailable(config: SiteConfig, id: HomeBlockId): boolean {
  switch (id) {
    case 'liveNow':
      return isFeatureOn(config, 'betting.live');
    case 'featured':
    case 'topLeagues':
      return isFeatureOn(config, 'betting.line');
    case 'casino':
      return config.global.streams['casino']?.enabled === true;
  }
}

/** The brand's home blocks in order (bannerWidgets.homeBlocks), without those whose section is off. */
export function homePlan(config: SiteConfig): HomeBlockPlan[] {
  return planHomeBlocks(config.bannerWidgets.homeBlocks, (id) => homeBlockAvailable(config, id));
}

/** The home page's first HTML: the data of its first block, so the first screen is complete (ADR 0370). */
export const homeServerData: ServerData = {
  kind: 'list',
  prefetch: ({ queryClient, feed, config }) => prefetchHomeBlocks(queryClient, feed, homePlan(config)),
};

const StyledHero = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-end: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.color.primary.base};
  color: ${({ theme }) => theme.color.primary.text};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.large};
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledGroups = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-block-start: ${({ theme }) => theme.space(2)};
`;

const StyledCard = styled.section`
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.color.surface.base};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  h2 {
    font-size: ${({ theme }) => theme.typography.size.large};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
`;

const StyledPromos = styled(StyledCard)`
  margin-block-start: ${({ theme }) => theme.space(6)};
`;

/** Stream groups shown as cards, in this order; promo streams are listed in the promotions area below them. */
const HOME_GROUPS = ['betting', 'casino'] as const;

/** Streams of a group that are switched on and have a menu label, in configured order. */
export function streamsOf(
  streams: Record<string, SiteStream>,
  group: SiteStream['group'],
  hasLabel: (id: string) => boolean,
): string[] {
  return Object.entries(streams)
    .filter(([id, stream]) => stream.enabled && stream.group === group && hasLabel(id))
    .sort((a, b) => a[1].order - b[1].order || a[0].localeCompare(b[0]))
    .map(([id]) => id);
}

/**
 * The home page: the way into the line and live, the brand's home blocks in its order (live now with moving odds,
 * featured matches, top leagues, the casino strip), the enabled sections and the promotions area; odds add to the
 * bet slip beside the page (a sheet on the phone).
 */
export function HomePage() {
  const brand = useBrand();
  const { t, tDynamic } = useT();
  const session = useSession();
  // Offers reach visitors who are not signed in only where the site allows it (promo.guestsSeeOffers; ONAGCO-ADV-1).
  const promoOn = useFeature('promo') && (brand.config.promo.guestsSeeOffers || isAuthorised(session));
  const label = (id: string) => tDynamic(`header:menu.${id}`, '');
  const hasLabel = (id: string) => label(id) !== '';
  const groups = HOME_GROUPS.map((group) => ({
    group,
    ids: streamsOf(brand.config.global.streams, group, hasLabel),
  })).filter((g) => g.ids.length > 0);
  const promoStreams = promoOn ? streamsOf(brand.config.global.streams, 'promo', hasLabel) : [];

  return (
    <SportsbookProvider>
      <CouponArea>
        <StyledHero aria-labelledby="page-title">
          <h1 id="page-title">{t('pages:home.title')}</h1>
          <StyledActions>
            <Link to="/line" variant="accent" size="small">
              {t('pages:home.toLine')}
            </Link>
            <Link to="/live" variant="secondary" size="small">
              {t('pages:home.toLive')}
            </Link>
          </StyledActions>
        </StyledHero>
        <HomeBlocks
          plan={homePlan(brand.config)}
          extra={{
            casino: (limit) => (
              <Suspense fallback={<Skeleton label={t('pages:home.casino')} count={1} height="9rem" width="100%" />}>
                <HomeCasinoStrip limit={limit} />
              </Suspense>
            ),
          }}
        />
        <StyledGroups>
          {groups.map(({ group, ids }) => (
            <StyledCard key={group} aria-labelledby={`home-${group}`}>
              <h2 id={`home-${group}`}>{label(ids[0] ?? group)}</h2>
              <ul>
                {ids.map((id) => (
                  <li key={id}>
                    <Link to={`/${id}`}>{label(id)}</Link>
                  </li>
                ))}
              </ul>
            </StyledCard>
          ))}
        </StyledGroups>
        {promoOn ? (
          <StyledPromos aria-labelledby="home-promos">
            <h2 id="home-promos">{t('pages:home.promos')}</h2>
            <p>{t('pages:home.promosEmpty')}</p>
            {promoStreams.length > 0 ? (
              <ul>
                {promoStreams.map((id) => (
                  <li key={id}>
                    <Link to={`/${id}`}>{label(id)}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </StyledPromos>
        ) : null}
      </CouponArea>
    </SportsbookProvider>
  );
}
