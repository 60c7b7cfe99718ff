// The server-side rendering contract lives once, in @tessera/shared/contract-api (ADR 0233); this door remains only
// for the modules that still import it from here (accounts.plugin.ts) until their move.
export type { RenderFunction, SsrAssets, SsrRequest, SsrResult, SsrSession } from '@tessera/shared/contract-api';
