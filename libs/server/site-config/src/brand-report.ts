import type { BrandRegistry } from '@tessera/server/brand-registry';
import type { Database } from '@tessera/server/db';
import { insertValidationReport, validationReport } from './validation-report.repository';

/** Where the start-up's brand report is logged (Fastify's logger is one). */
export interface BrandReportLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Records a start-up's brands: the validation report in the database (`/ready` and `tessera` read it) and one log
 * line per refused brand with its first issue in the message itself, what an operator reading one line needs to fix it.
 */
export async function reportBrands(
  db: Database,
  registry: BrandRegistry,
  startupId: string,
  log: BrandReportLogger,
): Promise<void> {
  await insertValidationReport(db, validationReport(startupId, registry));
  for (const refused of registry.refused()) {
    const more = refused.errors.length > 1 ? ` (and ${refused.errors.length - 1} more)` : '';
    log.warn(
      { brand: refused.id, issues: refused.errors },
      `brand "${refused.id}" refused, not served: ${refused.errors[0]?.message ?? 'invalid files'}${more}`,
    );
  }
  log.info({ brands: registry.brands().map((b) => b.id), startupId }, 'brands loaded');
}
