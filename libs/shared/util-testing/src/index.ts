export { TEST_THEME, testBrandPayload } from './lib/brand-fixture';
export type { TestBrandOptions } from './lib/brand-fixture';
export { renderWithProviders } from './lib/render-with-providers';
export type { RenderWithProvidersOptions, RenderWithProvidersResult } from './lib/render-with-providers';
export { scriptedFetch } from './lib/scripted-fetch';
export type { ScriptedAnswer, ScriptedRequest, ScriptedRoute } from './lib/scripted-fetch';
