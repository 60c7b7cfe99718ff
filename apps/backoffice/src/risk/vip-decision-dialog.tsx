import type { BackofficeVipBet } from '@tessera/shared/contract-api';
import { Button, Field, Input, Modal } from '@tessera/shared/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from '../ui/error-message';
import { ReasonField, reasonTooShort, StyledActions, StyledForm } from '../ui/reason-dialog';
import { useFormat } from '../ui/use-format';
import type { VIP_DECISIONS } from './risk.api';
import { selectionText } from './selection-text';

/** A decision as the dialog sends it. */
export interface VipDecisionInput {
  decision: (typeof VIP_DECISIONS)[number];
  stake?: number;
  odds?: number;
  reason: string;
}

/** Props of {@link VipDecisionDialog}. */
export interface VipDecisionDialogProps {
  bid: BackofficeVipBet;
  decision: (typeof VIP_DECISIONS)[number];
  /** Sends the decision; a refusal shows its message in the dialog and keeps it open. */
  onConfirm: (input: VipDecisionInput) => Promise<unknown>;
  onClose: () => void;
}

const parseNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim().replace(',', '.')));

/**
 * Asks for what a VIP decision needs: the reason (audited) and, for a counter-offer, the stake and odds offered, each
 * at most what the bettor asked (lower odds only on a bet of one selection). Checked here before sending; the server
 * checks again.
 */
export function VipDecisionDialog({ bid, decision, onConfirm, onClose }: VipDecisionDialogProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  const { bet } = bid;
  const oneSelection = bet.selections.length === 1;
  const [stake, setStake] = useState(String(bet.stake));
  const [odds, setOdds] = useState(String(bet.odds));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);

  const offeredStake = parseNumber(stake);
  const offeredOdds = oneSelection ? parseNumber(odds) : bet.odds;
  const offerValid =
    decision !== 'counter' ||
    (offeredStake !== undefined &&
      offeredOdds !== undefined &&
      Number.isFinite(offeredStake) &&
      Number.isFinite(offeredOdds) &&
      offeredStake > 0 &&
      offeredStake <= bet.stake &&
      offeredOdds >= 1.01 &&
      offeredOdds <= bet.odds &&
      (offeredStake < bet.stake || offeredOdds < bet.odds));
  const tooShort = reasonTooShort(reason);
  const title =
    decision === 'accept'
      ? t('backoffice-desks:vip.acceptTitle')
      : decision === 'counter'
        ? t('backoffice-desks:vip.counterTitle')
        : t('backoffice-desks:vip.rejectTitle');
  const confirm =
    decision === 'accept'
      ? t('backoffice-desks:vip.accept')
      : decision === 'counter'
        ? t('backoffice-desks:vip.counter')
        : t('backoffice-desks:vip.reject');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (tooShort || !offerValid) return;
    setSending(true);
    setFailure(null);
    try {
      await onConfirm({
        decision,
        reason: reason.trim(),
        ...(decision === 'counter'
          ? {
              ...(offeredStake !== undefined && offeredStake < bet.stake ? { stake: offeredStake } : {}),
              ...(oneSelection && offeredOdds !== undefined && offeredOdds < bet.odds ? { odds: offeredOdds } : {}),
            }
          : {}),
      });
      onClose();
    } catch (error) {
      setFailure(errorMessage(t, error));
      setSending(false);
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      <StyledForm onSubmit={(event) => void submit(event)} noValidate>
        <p>
          {t('backoffice-desks:vip.bid', {
            player: bet.playerId,
            stake: format.money(bet.stake, bet.currency),
            odds: bet.odds.toFixed(2),
            selection: bet.selections.map((s) => selectionText(t, s)).join('; '),
          })}
        </p>
        <p>
          {decision === 'accept'
            ? t('backoffice-desks:vip.acceptNote')
            : decision === 'counter'
              ? t('backoffice-desks:vip.counterNote')
              : t('backoffice-desks:vip.rejectNote')}
        </p>
        {decision === 'counter' ? (
          <>
            <Field
              label={t('backoffice-desks:vip.offerStake', { currency: bet.currency })}
              error={
                touched && !offerValid
                  ? t('backoffice-desks:vip.offerInvalid', {
                      stake: format.money(bet.stake, bet.currency),
                      odds: bet.odds.toFixed(2),
                    })
                  : undefined
              }
            >
              <Input
                name="stake"
                inputMode="decimal"
                value={stake}
                onChange={(event) => setStake(event.target.value)}
              />
            </Field>
            <Field
              label={t('backoffice-desks:vip.offerOdds')}
              hint={oneSelection ? undefined : t('backoffice-desks:vip.offerOddsOneSelection')}
            >
              <Input
                name="odds"
                inputMode="decimal"
                value={odds}
                disabled={!oneSelection}
                onChange={(event) => setOdds(event.target.value)}
              />
            </Field>
          </>
        ) : null}
        <ReasonField ref={reasonRef} value={reason} onChange={setReason} touched={touched} />
        {failure ? <p role="alert">{failure}</p> : null}
        <StyledActions>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            {t('backoffice:action.cancel')}
          </Button>
          <Button type="submit" variant="primary" loading={sending}>
            {confirm}
          </Button>
        </StyledActions>
      </StyledForm>
    </Modal>
  );
}
