export { readClientAssets } from './client-manifest';
export { fallbackRender } from './fallback-render';
export { escapeHtml, plainPage } from './html';
export {
  CONTENT_DIR,
  CONTENT_MAX_BYTES,
  ContentError,
  createInformationContent,
  informationPage,
  parseInformationContent,
  readBrandContent,
  type InformationContent,
  type InformationSettings,
} from './information-content';
export { inProcessFetch, type InjectedAnswer, type InProcessFetch, type PageRequest } from './in-process-fetch';
export { decidePageLanguage, type PageDecision } from './page-language';
export {
  brandPayload,
  MESSAGE_500_FALLBACK,
  MESSAGE_500_KEY,
  NON_PAGE_PREFIXES,
  planPage,
  renderPage,
  type PageAnswer,
  type PageAsk,
  type PagePlan,
} from './page-plan';
