import { ref } from '@tessera/server/http';

const errors = { 400: ref('error'), 404: ref('error'), 429: ref('error') };

/** Route schema of GET /web-api/site-config. */
export const siteConfigRoute = {
  summary: 'The resolved site configuration of the brand chosen by Host (or ?brand= in development)',
  tags: ['config'],
  querystring: ref('site-config-query'),
  response: { 200: ref('site-config-response'), ...errors },
};

/** Route schema of GET /web-api/site-config/explain. */
export const explainRoute = {
  summary: 'Which layer and file set a configuration value (for compliance staff)',
  tags: ['config'],
  querystring: ref('site-config-explain-query'),
  response: { 200: ref('site-config-explain-response'), ...errors },
};
