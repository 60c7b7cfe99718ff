export { TEST_THEME, testBrandPayload } from './lib/brand-fixture';
export type { TestBrandOptions } from './lib/brand-fixture';
export { renderWithProviders } from './lib/render-with-providers';
export type { RenderWithProvidersOptions, RenderWithProvidersResult } from './lib/render-with-providers';
