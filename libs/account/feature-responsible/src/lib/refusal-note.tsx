import { useT } from '@tessera/shared/data-access-brand';
import { Link } from '@tessera/shared/ui';
import { refusalDetails } from './responsible.api';
import { useResponsibleFormat } from './use-responsible-format';

/** Props of {@link RefusalNote}. */
export interface RefusalNoteProps {
  /** The API client's error. */
  error: unknown;
  /** The account's currency, for amounts the refusal gives without one. */
  currency?: string;
}

/** A player-protection refusal explained: which limit or break, what is left and when it resets; nothing otherwise. */
export function RefusalNote({ error, currency = '' }: RefusalNoteProps) {
  const { t } = useT();
  const { refusal } = useResponsibleFormat();
  const details = refusalDetails(error);
  if (!details) return null;
  return (
    <p>
      {refusal(details, currency)}{' '}
      <Link to="/office/responsible" variant="accent" size="small">
        {t('responsible:refusal.more')}
      </Link>
    </p>
  );
}

/** For the app to hand to forms of other features: the note when the error is a player-protection refusal, else null. */
export function explainResponsibleRefusal(error: unknown) {
  return refusalDetails(error) ? <RefusalNote error={error} /> : null;
}
