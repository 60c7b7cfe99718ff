import { useFeature, useT } from '@tessera/shared/data-access-brand';
import { ChipList } from '@tessera/sportsbook/ui';
import { NavLink } from 'react-router';

/** Links between the sportsbook's sections: line, live, upcoming, express, cyber, search, favourites (brand switches apply). */
export function SportsbookNav() {
  const { t, language } = useT();
  const live = useFeature('betting.live');
  const cyber = useFeature('betting.cyber');
  const express = useFeature('betting.expressOfTheDay');
  const search = useFeature('boolean.search');
  const favourites = useFeature('boolean.favourites');
  const links = [
    { to: 'line', label: t('sportsbook:nav.line'), on: true },
    { to: 'live', label: t('sportsbook:nav.live'), on: live },
    { to: 'upcoming', label: t('sportsbook:nav.upcoming'), on: true },
    { to: 'express', label: t('sportsbook:nav.express'), on: express },
    { to: 'cyber', label: t('sportsbook:nav.cyber'), on: cyber },
    { to: 'search', label: t('sportsbook:nav.search'), on: search },
    { to: 'favorites', label: t('sportsbook:nav.favorites'), on: favourites },
  ];
  return (
    <nav aria-label={t('sportsbook:nav.line')}>
      <ChipList>
        {links
          .filter((l) => l.on)
          .map((l) => (
            <li key={l.to}>
              <NavLink to={`/${language}/${l.to}`}>{l.label}</NavLink>
            </li>
          ))}
      </ChipList>
    </nav>
  );
}
