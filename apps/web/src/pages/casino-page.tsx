import { useT } from '@tessera/shared/data-access-brand';
import { PageLayout } from './page-layout';

/** Casino lobby: the frame the casino feature fills in a later issue. */
export function CasinoPage() {
  const { t } = useT();
  return <PageLayout title={t('pages:casino.title')} note={t('pages:casino.placeholder')} />;
}
