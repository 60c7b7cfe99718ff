import { useSearchParams } from 'react-router';
import { useConsoleTranslate } from '../app/use-console-translate';
import { PageHeader } from '../ui/page-header';
import { Tabs } from '../ui/tabs';
import { BetsPanel } from './bets-panel';
import { LiabilityPanel } from './liability-panel';
import { VipPanel } from './vip-panel';

const TABS = ['vip', 'bets', 'liability'] as const;

/** The risk desk: held VIP bets (first: they have a deadline), the bet search, and liability per event and market. */
export function RiskPage() {
  const t = useConsoleTranslate();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('tab');
  const tab = TABS.find((id) => id === chosen) ?? 'vip';
  return (
    <>
      <PageHeader title={t('backoffice-desks:risk.title')} description={t('backoffice-desks:risk.intro')} />
      <Tabs
        label={t('backoffice-desks:risk.sections')}
        selected={tab}
        onSelect={(next) => setParams({ tab: next }, { replace: true })}
        items={[
          { id: 'vip', label: t('backoffice-desks:risk.tab.vip'), panel: () => <VipPanel /> },
          { id: 'bets', label: t('backoffice-desks:risk.tab.bets'), panel: () => <BetsPanel /> },
          { id: 'liability', label: t('backoffice-desks:risk.tab.liability'), panel: () => <LiabilityPanel /> },
        ]}
      />
    </>
  );
}
