import type { VerificationRefusal } from '@tessera/shared/contract-api';
import { useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';

/**
 * The `verification` part of a refusal (schemas/api/error.schema.json) in the API client's error (`body.raw`, as
 * data-access-api keeps the answer), or in a {@link VerificationCallError}'s body; undefined for any other error.
 */
export function verificationRefusalOf(error: unknown): (VerificationRefusal & { code: number }) | undefined {
  const holder = error as { body?: { raw?: unknown; verification?: unknown; error_code?: unknown } } | null;
  const body = (typeof holder?.body?.raw === 'object' ? holder?.body?.raw : holder?.body) as
    { verification?: unknown; error_code?: unknown } | undefined;
  const refusal = body?.verification;
  if (typeof refusal !== 'object' || refusal === null || typeof body?.error_code !== 'number') return undefined;
  return { ...(refusal as VerificationRefusal), code: body.error_code };
}

/** A refusal that waits for identity verification, explained, with the way to the verification page. */
export function VerificationRefusalNote({ error }: { error: unknown }) {
  const { t, tDynamic } = useT();
  const refusal = verificationRefusalOf(error);
  if (!refusal) return null;
  return (
    <p>
      {tDynamic(`verification:refusal.${refusal.code}`, t('verification:refusal.1701'))}{' '}
      <Link to="/office/verification" variant="accent" size="small">
        {t('verification:refusal.link')}
      </Link>
    </p>
  );
}

/** For the app to hand to other features' forms (deposit, withdrawal): the note for a verification refusal, else null. */
export function explainVerificationRefusal(error: unknown) {
  return verificationRefusalOf(error) ? <VerificationRefusalNote error={error} /> : null;
}
