import type { Database } from '@tessera/server/db';
import type { BrandRegistry, ConfigIssue } from '@tessera/server/brand-registry';

/** One brand's line in a start-up's validation report. */
export interface BrandValidationRecord {
  startupId: string;
  brandId: string;
  status: 'valid' | 'refused';
  issues: ConfigIssue[];
  recordedAt: Date;
}

/** The report of one start-up: every valid and refused brand. */
export function validationReport(
  startupId: string,
  registry: BrandRegistry,
): Omit<BrandValidationRecord, 'recordedAt'>[] {
  return [
    ...registry.brands().map((b) => ({ startupId, brandId: b.id, status: 'valid' as const, issues: [] })),
    ...registry.refused().map((r) => ({ startupId, brandId: r.id, status: 'refused' as const, issues: r.errors })),
  ];
}

/** Stores a start-up's validation report, all brands in one transaction. */
export async function insertValidationReport(
  db: Database,
  records: readonly Omit<BrandValidationRecord, 'recordedAt'>[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const r of records) {
      await tx.query(
        'insert into brand_validation_reports (startup_id, brand_id, status, issues) values ($1, $2, $3, $4)',
        [r.startupId, r.brandId, r.status, JSON.stringify(r.issues)],
      );
    }
  });
}

/** The most recent start-up's report, brands in id order. */
export async function latestValidationReport(db: Database): Promise<BrandValidationRecord[]> {
  const { rows } = await db.query<{
    startup_id: string;
    brand_id: string;
    status: 'valid' | 'refused';
    issues: ConfigIssue[];
    recorded_at: Date;
  }>(
    `select startup_id, brand_id, status, issues, recorded_at from brand_validation_reports
     where startup_id = (select startup_id from brand_validation_reports order by id desc limit 1)
     order by brand_id`,
  );
  return rows.map((r) => ({
    startupId: r.startup_id,
    brandId: r.brand_id,
    status: r.status,
    issues: r.issues,
    recordedAt: r.recorded_at,
  }));
}
