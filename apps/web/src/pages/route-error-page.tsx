import { useT } from '@tessera/shared/data-access-brand';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { PageLayout } from './page-layout';

/** The error boundary of the routes: 404 answers show the not-found page, anything else the 500 message (spec section 8). */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <PageLayout title={t('errors:page.title500')} note={t('errors:page.message500')}>
      <p>
        <a href="">{t('errors:page.retry')}</a>
      </p>
    </PageLayout>
  );
}
