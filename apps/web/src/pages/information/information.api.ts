import { defineCall, str, type ApiClient } from '@tessera/shared/data-access-api';
import type { InformationPageResponse } from '@tessera/shared/contract-api';
import { queryOptions } from '@tanstack/react-query';

/** GET /web-api/information/:page?lng=: an information page's title and text blocks (apps/api pages module). */
function informationCall(page: string) {
  return defineCall({
    url: `/web-api/information/${encodeURIComponent(page)}`,
    query: { lng: str({ required: true }) },
  }).returns<InformationPageResponse>();
}

/** Query keys of the information pages. */
export const informationKeys = {
  page: (page: string, language: string) => ['information', page, language] as const,
};

/** The query of one information page in one language; its text changes only with a release. */
export function informationQuery(client: ApiClient, page: string, language: string) {
  return queryOptions({
    queryKey: informationKeys.page(page, language),
    queryFn: ({ signal }) => client.send(informationCall(page), { lng: language }, { signal }),
    staleTime: 5 * 60_000,
  });
}
