import { useT } from '@tessera/shared/data-access-brand';
import { Button, Field, Input } from '@tessera/shared/ui';
import {
  BET_VID,
  couponApi,
  couponStateFromSaved,
  useCoupon,
  useSelectionPickName,
  type CouponLineEvent,
} from '@tessera/sportsbook/data-access-coupon';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';

// Saving and loading are two rows apart: the code box's label no longer touches the "Save" button above it.
const StyledSaveLoad = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${({ theme }) => theme.space(2)};
`;

// The code box takes the row's room and keeps the button beside it; the code reads in capitals, as it is printed.
const StyledCodeField = styled(Field)`
  flex: 1 1 8rem;
  input {
    text-transform: uppercase;
    letter-spacing: 0.08em;
    font-variant-numeric: tabular-nums;
  }
`;

const VID_OF = {
  single: BET_VID.single,
  express: BET_VID.express,
  system: BET_VID.system,
  antiExpress: BET_VID.antiExpress,
  multi: BET_VID.express,
  // A saved coupon keeps the selections; a full cover is saved as the accumulator of them (the code carries no kind).
  fullCover: BET_VID.express,
} as const;

/** Save the coupon under a code (SaveCoupon) and load one by its code (GetCoupon); offered where the brand allows it. */
export function CouponSaveLoad() {
  const { t } = useT();
  const { store, state, client, currency } = useCoupon();
  const pickName = useSelectionPickName();
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeId = useId();
  const { coupon } = state;

  const save = async () => {
    setBusy(true);
    const answer = await client.trySend(couponApi.saveCoupon, {
      Events: coupon.selections.map((s) => ({ gameId: Number(s.gameId), outcomeId: s.outcomeId, coef: s.odds })),
      vid: VID_OF[coupon.betType],
      ...(coupon.stake > 0 ? { Summ: coupon.stake } : {}),
      ...(coupon.betType === 'system' ? { expressNum: coupon.systemSize } : {}),
    });
    setBusy(false);
    setSaved(answer.ok ? answer.data.CouponCode : null);
  };

  // A loaded selection is named as its odds button would name it, from what the line says of it now.
  const nameOf = (e: CouponLineEvent) => {
    const pick = pickName(e);
    return e.home !== undefined && e.away !== undefined && pick ? { home: e.home, away: e.away, ...pick } : undefined;
  };

  const load = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim().toUpperCase();
    if (!wanted) return;
    setBusy(true);
    const answer = await client.trySend(couponApi.getCoupon, { CouponCode: wanted });
    setBusy(false);
    setFailed(!answer.ok);
    if (answer.ok) store.replace(couponStateFromSaved(answer.data, currency, store.getState(), nameOf));
  };

  return (
    <StyledSaveLoad>
      {coupon.selections.length > 0 ? (
        <StyledRow>
          <Button variant="ghost" size="small" loading={busy} onClick={() => void save()}>
            {t('coupon:feature.save')}
          </Button>
          {saved ? <p role="status">{t('coupon:feature.saved', { code: saved })}</p> : null}
        </StyledRow>
      ) : null}
      {/* Not a nested form: the panel's own form holds the stake, so loading is a separate group with its own button. */}
      <StyledRow role="group" aria-labelledby={codeId}>
        <StyledCodeField label={<span id={codeId}>{t('coupon:feature.loadCode')}</span>}>
          <Input
            type="text"
            name="couponCode"
            maxLength={16}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void load(event);
            }}
          />
        </StyledCodeField>
        {/* As tall as the code box beside it, on every brand's theme (bottoms aligned by the row). */}
        <Button variant="secondary" size="control" loading={busy} onClick={(event) => void load(event)}>
          {t('coupon:feature.load')}
        </Button>
      </StyledRow>
      {failed ? <p role="alert">{t('coupon:feature.loadFailed')}</p> : null}
    </StyledSaveLoad>
  );
}
