// The API codes against the contract of @tessera/server/brand-registry (docs/architecture.md); one import site
// keeps the rest of the app independent of where those types live.
export type {
  BrandRegistry,
  BrandSummary,
  ConfigIssue,
  Provenance,
  RefusedBrand,
  ResolvedBrand,
} from '@tessera/server/brand-registry';
