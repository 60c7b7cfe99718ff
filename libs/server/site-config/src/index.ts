export {
  defaultBrandOverride,
  isDevelopmentHost,
  normaliseHost,
  selectBrand,
  selectCountry,
  type BrandOverrideScope,
  type BrandSelection,
  type BrandSelectionInput,
  type BrandSource,
  type CountrySelection,
} from './brand-selection';
export {
  explainValue,
  resolveForRequest,
  siteConfigPayload,
  siteNotFound,
  type ExplainPayload,
  type ResolveRequest,
  type SiteConfigPayload,
} from './site-config.service';
export {
  insertValidationReport,
  latestValidationReport,
  validationReport,
  type BrandValidationRecord,
} from './validation-report.repository';
export { checkReadiness, DATABASE_CHECK_TIMEOUT_MS, type Readiness } from './readiness.service';
export { reportBrands, type BrandReportLogger } from './brand-report';
