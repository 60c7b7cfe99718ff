import { escapeHtml } from './html';
import type { RenderFunction } from '@tessera/shared/contract-api';

/**
 * Stands in for the web app's render() when its SSR bundle has not been built: the API stays usable and the page
 * says what is missing instead of failing every request.
 */
export const fallbackRender: RenderFunction = async (request) => {
  const name = (request.brand.config as { global?: { brandName?: string } }).global?.brandName ?? request.brand.brandId;
  const html = `<!doctype html><html lang="${escapeHtml(request.brand.language)}"><head><meta charset="utf-8"><title>${escapeHtml(name)}</title></head><body><header><h1>${escapeHtml(name)}</h1></header><main><p>The site bundle is not built: run npm run build.</p></main></body></html>`;
  return { status: 200, html };
};
