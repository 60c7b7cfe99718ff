import profiles from './generated/jurisdiction-profiles.bundle.json';

/**
 * The jurisdiction profiles the platform ships (jurisdictions/<id>.json by id), bundled by codegen so they travel with
 * the code (docs/adr/0260): unchecked data, which the brand registry validates when it loads.
 */
export const SHIPPED_JURISDICTION_FILES: Readonly<Record<string, unknown>> = profiles;
