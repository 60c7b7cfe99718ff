import { isAuthorised, useSession } from '@tessera/account/data-access-session';
import { useBrand, useFeature, useT } from '@tessera/shared/data-access-brand';
import { TAB_ICONS, TabBar, type TabBarItem } from '@tessera/shared/ui';

/**
 * The phone's bottom tab bar: sports, live, casino, my bets and the account (log in for a guest). A tab whose section
 * the brand has off is left out; wide screens do not show the bar (the header's menu is there).
 */
export function PhoneTabBar() {
  const { t, language } = useT();
  const { config } = useBrand();
  const lineOn = useFeature('betting.line');
  const liveOn = useFeature('betting.live');
  const signedIn = isAuthorised(useSession());
  const casinoOn = config.global.streams['casino']?.enabled === true;
  const items: TabBarItem[] = [
    ...(lineOn
      ? [{ id: 'sports', to: `/${language}/line`, label: t('common:tabbar.sports'), icon: TAB_ICONS.sports }]
      : []),
    ...(liveOn ? [{ id: 'live', to: `/${language}/live`, label: t('common:tabbar.live'), icon: TAB_ICONS.live }] : []),
    ...(casinoOn
      ? [{ id: 'casino', to: `/${language}/casino`, label: t('common:tabbar.casino'), icon: TAB_ICONS.casino }]
      : []),
    // A guest's "my bets" goes through the office's guard to the login page, and back after it.
    { id: 'bets', to: `/${language}/office/bets`, label: t('common:tabbar.myBets'), icon: TAB_ICONS.bets },
    signedIn
      ? {
          id: 'account',
          to: `/${language}/office`,
          label: t('common:tabbar.account'),
          icon: TAB_ICONS.account,
          end: true,
        }
      : { id: 'account', to: `/${language}/login`, label: t('common:tabbar.login'), icon: TAB_ICONS.account },
  ];
  return <TabBar label={t('common:tabbar.label')} items={items} />;
}
