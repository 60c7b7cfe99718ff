import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { ApiError } from '@tessera/server/api-errors';
import { type BrandRegistry, loadBrandRegistry } from '@tessera/server/brand-registry';
import { describeEachDatabase } from '@tessera/server/db';
import type { BackofficeRole } from '@tessera/shared/contract-api';
import { beforeAll, expect, it } from 'vitest';
import { verifyAuditChain } from '../audit';
import type { Actor } from '../context';
import {
  approveConsoleDraft,
  consoleBrand,
  consoleHistory,
  createConfigDelivery,
  createConsoleDraft,
  publishConsoleDraft,
  restoreConsoleVersion,
  type ConfigContext,
} from './config-console';

// The shipped brands: rhein-wetten's Germany names the de-ggl jurisdiction, whose floors a change must meet.
const brandsDir = fileURLToPath(new URL('../../../../../brands', import.meta.url));

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('the console layer of the site configuration', (db) => {
  let registry: BrandRegistry;
  let ctx: ConfigContext;
  const now = new Date(Date.UTC(2026, 10, 26, 10, 0, 0));

  async function actor(role: BackofficeRole, brands = ['*']): Promise<Actor> {
    const id = randomUUID();
    const email = `${role}-${id.slice(0, 6)}@ops.example`;
    await db.db.query(
      `insert into backoffice_operators (id, email, password_hash, role, brands, created_at, updated_at)
       values ($1, $2, 'x', $3, $4, $5, $5)`,
      [id, email, role, brands, now],
    );
    return {
      operator: {
        id,
        email,
        role,
        brands,
        disabled: false,
        totpEnrolled: true,
        createdAt: now,
        lastSignInAt: now,
      },
      sessionId: randomUUID(),
      origin: { ip: '10.0.0.7', userAgent: 'vitest' },
    };
  }

  beforeAll(async () => {
    registry = await loadBrandRegistry({ brandsDir });
    ctx = { db: db.db, clock: () => now, registry };
  });

  it('publishes a compliance officer’s switch for one country as the next version, served at once, explained', async () => {
    const compliance = await actor('compliance');
    const delivery = createConfigDelivery({ db: db.db, registry });
    expect(registry.resolve('rhein-wetten', 'at', 'de').config.coupon.features.sale).toBe(true);
    const draft = await createConsoleDraft(ctx, compliance, {
      brand: 'rhein-wetten',
      country: 'at',
      data: { coupon: { features: { sale: false } } },
    });
    expect(draft).toMatchObject({ state: 'draft', sections: ['coupon'], needsApproval: false, issues: [] });
    // The preview: every language of Austria, the one value that changes, and nothing for the other countries.
    expect(draft.preview).toEqual([
      { country: 'at', language: 'de', changes: [{ pointer: '/coupon/features/sale', before: true, after: false }] },
      { country: 'at', language: 'en', changes: [{ pointer: '/coupon/features/sale', before: true, after: false }] },
    ]);
    const published = await publishConsoleDraft(ctx, compliance, draft.id, 'Cash-out paused in Austria');
    expect(published).toMatchObject({ state: 'published', version: 1, publishedBy: compliance.operator.email });
    await delivery.sync('rhein-wetten');
    const resolved = registry.resolve('rhein-wetten', 'at', 'de');
    expect(resolved.config.coupon.features.sale).toBe(false);
    expect(resolved.explain('/coupon/features/sale')).toMatchObject({
      value: false,
      layer: 'console:at/*',
      file: '(console version 1)',
      change: {
        version: 1,
        operator: compliance.operator.email,
        at: now.toISOString(),
        reason: 'Cash-out paused in Austria',
      },
    });
    // Other countries keep their files' value.
    expect(registry.resolve('rhein-wetten', 'es', 'de').config.coupon.features.sale).toBe(true);
    const view = await consoleBrand(ctx, compliance, 'rhein-wetten', { country: 'at', language: 'de' });
    expect(view.sources['/coupon/features/sale']).toBe('console:at/*');
    expect(view.sources['/coupon/maxEvents']).toBe('brand');
    expect(view.change).toMatchObject({ version: 1, reason: 'Cash-out paused in Austria' });
  });

  it('refuses a change below the jurisdiction’s floor, naming the rule, and publishes nothing', async () => {
    const compliance = await actor('compliance');
    const draft = await createConsoleDraft(ctx, compliance, {
      brand: 'rhein-wetten',
      country: 'de',
      data: { responsible: { coolingOffHours: 24 } },
    });
    expect(draft.issues.map((i) => i.message).join('\n')).toMatch(/coolingOffHours[\s\S]*DEGGL-DL-3/);
    const admin = await actor('admin');
    await approveConsoleDraft(ctx, admin, draft.id, 'looks fine');
    const refused = await refusal(publishConsoleDraft(ctx, compliance, draft.id, 'Shorter cooling-off'));
    expect(refused.statusCode).toBe(422);
    expect((await consoleHistory(ctx, compliance, 'rhein-wetten')).versions.map((v) => v.version)).toEqual([1]);
  });

  it('lets a role change only what it owns', async () => {
    const compliance = await actor('compliance');
    // Features per country, not for every country; the responsible section anywhere; nothing else.
    const brandWide = await refusal(
      createConsoleDraft(ctx, compliance, {
        brand: 'rhein-wetten',
        data: { coupon: { features: { sale: false } } },
      }),
    );
    expect(brandWide.statusCode).toBe(403);
    const foreign = await refusal(
      createConsoleDraft(ctx, compliance, {
        brand: 'rhein-wetten',
        country: 'es',
        data: { coupon: { maxEvents: 10 } },
      }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.extra.detail).toContain('/coupon/maxEvents in es/*');
    const support = await actor('support');
    expect(
      (
        await refusal(
          createConsoleDraft(ctx, support, {
            brand: 'rhein-wetten',
            country: 'es',
            data: { coupon: { features: { sale: false } } },
          }),
        )
      ).statusCode,
    ).toBe(403);
    const outOfScope = await actor('admin', ['polar-bet']);
    expect(
      (
        await refusal(
          createConsoleDraft(ctx, outOfScope, {
            brand: 'rhein-wetten',
            country: 'es',
            data: { coupon: { maxEvents: 10 } },
          }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('waits for a second, different operator on a four-eyes section', async () => {
    const first = await actor('compliance');
    const second = await actor('compliance');
    const draft = await createConsoleDraft(ctx, first, {
      brand: 'rhein-wetten',
      country: 'at',
      data: { coupon: { features: { sale: false } }, responsible: { showSessionTimer: true } },
    });
    expect(draft).toMatchObject({ needsApproval: true, sections: ['responsible'], issues: [] });
    expect((await refusal(publishConsoleDraft(ctx, first, draft.id, 'timer on'))).statusCode).toBe(409);
    expect((await refusal(approveConsoleDraft(ctx, first, draft.id, 'mine'))).statusCode).toBe(403);
    await approveConsoleDraft(ctx, second, draft.id, 'checked');
    const published = await publishConsoleDraft(ctx, first, draft.id, 'Session timer in Austria');
    expect(published).toMatchObject({ version: 2, approvedBy: second.operator.email });
  });

  it('restores an earlier version the same way, and refuses a draft made on an older version', async () => {
    const compliance = await actor('compliance');
    const delivery = createConfigDelivery({ db: db.db, registry });
    const stale = await createConsoleDraft(ctx, compliance, {
      brand: 'rhein-wetten',
      country: 'nl',
      data: { coupon: { features: { sale: false } } },
    });
    // Version 0 is the files alone: the restore removes the console's layers.
    const restore = await restoreConsoleVersion(ctx, compliance, 'rhein-wetten', 0);
    expect(restore).toMatchObject({ restoredFrom: 0, layers: {}, needsApproval: true });
    const admin = await actor('admin');
    await approveConsoleDraft(ctx, admin, restore.id, 'back to the files');
    await publishConsoleDraft(ctx, compliance, restore.id, 'Back to the files');
    await delivery.sync();
    expect(registry.resolve('rhein-wetten', 'at', 'de').config.coupon.features.sale).toBe(true);
    expect(registry.resolve('rhein-wetten', 'at', 'de').explain('/coupon/features/sale')?.layer).toBe('country:at');
    expect((await refusal(publishConsoleDraft(ctx, compliance, stale.id, 'too late'))).statusCode).toBe(409);
    const history = await consoleHistory(ctx, compliance, 'rhein-wetten');
    expect(history.versions.map((v) => [v.version, v.restoredFrom])).toEqual([
      [3, 0],
      [2, null],
      [1, null],
    ]);
  });

  it('records every step in the audit chain', async () => {
    const { rows } = await db.db.query<{ action: string }>(
      `select action from backoffice_audit where action like 'config.%' order by seq`,
    );
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['config.draft', 'config.approve', 'config.publish', 'config.restore.draft']),
    );
    expect((await verifyAuditChain(db.db)).ok).toBe(true);
  });

  it('reaches a second server within seconds of a publish, without a restart', async () => {
    const other = await loadBrandRegistry({ brandsDir });
    const delivery = createConfigDelivery({ db: db.db, registry: other, pollMs: 500 });
    await delivery.start();
    try {
      expect(other.resolve('rhein-wetten', 'es', 'en').config.coupon.features.sale).toBe(true);
      const compliance = await actor('compliance');
      const draft = await createConsoleDraft(ctx, compliance, {
        brand: 'rhein-wetten',
        country: 'es',
        language: 'en',
        data: { coupon: { features: { sale: false } } },
      });
      await publishConsoleDraft(ctx, compliance, draft.id, 'English Spanish cash-out off');
      await expect
        .poll(() => other.resolve('rhein-wetten', 'es', 'en').config.coupon.features.sale, { timeout: 5000 })
        .toBe(false);
      expect(other.resolve('rhein-wetten', 'es', 'de').config.coupon.features.sale).toBe(true);
    } finally {
      await delivery.stop();
    }
  });
});
