import { useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import { PageLayout } from './page-layout';

/** The 404 page (the server answers it with status 404). */
export function NotFoundPage() {
  const { t } = useT();
  return (
    <PageLayout title={t('errors:notFound.title')} note={t('errors:notFound.message')}>
      <p>
        <Link to="/">{t('errors:notFound.home')}</Link>
      </p>
    </PageLayout>
  );
}
