import { ResponsibleGamingInfo } from '@tessera/account/feature-responsible';
import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { useLoaderData } from 'react-router';
import { PageLayout } from './page-layout';

/** An information page (about, rules, contacts, responsible gaming) with its text from the dictionary. */
export function InformationPage() {
  const { page } = useLoaderData() as { page: string };
  const { tDynamic } = useT();
  const { name } = useBrand();
  // The loader admits only pages the platform dictionaries carry, so both keys exist.
  return (
    <PageLayout title={tDynamic(`pages:${page}.title`, page)}>
      <p>{tDynamic(`pages:${page}.body`, '', { brand: name })}</p>
      {/* What the site really offers, from its configuration (libs/server/responsible README). */}
      {page === 'responsiblegaming' ? <ResponsibleGamingInfo /> : null}
    </PageLayout>
  );
}
