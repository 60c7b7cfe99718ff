import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { useBrand, useFeature, useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import type { SiteStream } from '@tessera/shared/util-config';
import styled from 'styled-components';

const StyledHero = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.color.primary.base};
  color: ${({ theme }) => theme.color.primary.text};
  h1 {
    margin: 0;
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
  margin-block-start: ${({ theme }) => theme.space(6)};
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

/** The home page: the way into the line and live, the brand's enabled sections, and the promotions area. */
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
    <>
      <StyledHero aria-labelledby="page-title">
        <h1 id="page-title">{t('pages:home.title')}</h1>
        <StyledActions>
          <Link to="/line" variant="accent">
            {t('pages:home.toLine')}
          </Link>
          <Link to="/live" variant="secondary">
            {t('pages:home.toLive')}
          </Link>
        </StyledActions>
      </StyledHero>
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
    </>
  );
}
