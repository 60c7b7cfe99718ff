import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { isCouponFeatureOn, useCoupon, type CheckCf } from '@tessera/sportsbook/data-access-coupon';
import { Checkbox, Field, Input, Select } from '@tessera/shared/ui';
import styled from 'styled-components';
import { parseAmount } from './stake-input';

/** The bettor's choices of coupon features for the next bet (each offered only where the brand allows it). */
export interface CouponOptionsValue {
  promo: string;
  autoBet: boolean;
  autoBetCf: string;
  vipBet: boolean;
  vipBetSumm: string;
  powerBet: boolean;
  insurance: boolean;
  expressBoost: boolean;
  lobby: boolean;
  /** Bet on advance where the balance falls short (libs/server/bets README, "Advance bets held until covered"). */
  advance: boolean;
}

/** Nothing chosen; express boost is asked for by default where the brand offers it. */
export const NO_OPTIONS: CouponOptionsValue = {
  promo: '',
  autoBet: false,
  autoBetCf: '',
  vipBet: false,
  vipBetSumm: '',
  powerBet: false,
  insurance: false,
  expressBoost: true,
  lobby: false,
  advance: false,
};

const StyledFieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  p {
    margin: 0;
  }
`;

/** Props of {@link CouponOptions}. */
export interface CouponOptionsProps {
  value: CouponOptionsValue;
  onChange: (value: CouponOptionsValue) => void;
  /** Signed in: one-click betting can be switched on. */
  authorised: boolean;
  /**
   * What insuring this coupon costs now (the premium, money text; absent until there is a stake) and pays back on a
   * loss, or undefined when it cannot be insured (a system, anti-express or multi; an auto-bet or VIP bet): then the switch is not offered.
   */
  insurance?: { cost?: string; back?: string } | undefined;
  /** The advance the bettor's open bets secure now (money text), or undefined when an advance bet is not offered. */
  advance?: string | undefined;
}

/**
 * The coupon's feature switches: the odds-change policy, one-click bet, auto-bet, VIP bet, power bet, insurance,
 * advance bet, express boost, promo code and lobby. A feature the brand, country or language switches off is not rendered at all.
 */
export function CouponOptions({ value, onChange, authorised, insurance, advance }: CouponOptionsProps) {
  const { t } = useT();
  const { config } = useBrand();
  const { store, state, currency } = useCoupon();
  const on = (feature: Parameters<typeof isCouponFeatureOn>[1]) => isCouponFeatureOn(config, feature);
  const set = (patch: Partial<CouponOptionsValue>) => onChange({ ...value, ...patch });
  const { settings, coupon } = state;
  return (
    <StyledFieldset>
      <legend>{t('coupon:feature.options')}</legend>
      <Field label={t('coupon:checkCf.label')}>
        <Select
          value={settings.checkCf}
          onChange={(event) => store.setSettings({ checkCf: Number(event.target.value) as CheckCf })}
        >
          <option value={0}>{t('coupon:checkCf.0')}</option>
          <option value={1}>{t('coupon:checkCf.1')}</option>
          <option value={2}>{t('coupon:checkCf.2')}</option>
        </Select>
      </Field>
      {on('oneClick') && authorised ? (
        <>
          <Checkbox
            checked={settings.oneClick}
            onChange={(event) => store.setSettings({ oneClick: event.target.checked })}
            label={t('coupon:feature.oneClick')}
          />
          {settings.oneClick ? (
            <Field label={t('coupon:feature.oneClickStake', { currency })}>
              <Input
                type="text"
                inputMode="decimal"
                defaultValue={settings.oneClickStake > 0 ? String(settings.oneClickStake) : ''}
                onChange={(event) => store.setSettings({ oneClickStake: parseAmount(event.target.value) })}
              />
            </Field>
          ) : null}
        </>
      ) : null}
      {/* The server takes an auto-bet as a single on one event only (contract code 1024), so it is offered only then. */}
      {on('autoBet') && coupon.betType === 'single' && coupon.selections.length === 1 ? (
        <>
          <Checkbox
            checked={value.autoBet}
            onChange={(event) => set({ autoBet: event.target.checked })}
            label={t('coupon:feature.autoBet')}
          />
          {value.autoBet ? (
            <Field label={t('coupon:feature.autoBetCf')}>
              <Input
                type="text"
                inputMode="decimal"
                value={value.autoBetCf}
                onChange={(event) => set({ autoBetCf: event.target.value })}
              />
            </Field>
          ) : null}
        </>
      ) : null}
      {on('vipBet') ? (
        <>
          <Checkbox
            checked={value.vipBet}
            onChange={(event) => set({ vipBet: event.target.checked })}
            label={t('coupon:feature.vipBet')}
          />
          {value.vipBet ? (
            <Field label={t('coupon:feature.vipBetSumm', { currency })}>
              <Input
                type="text"
                inputMode="decimal"
                value={value.vipBetSumm}
                onChange={(event) => set({ vipBetSumm: event.target.value })}
              />
            </Field>
          ) : null}
        </>
      ) : null}
      {on('powerBet') ? (
        <Checkbox
          checked={value.powerBet}
          onChange={(event) => set({ powerBet: event.target.checked })}
          label={t('coupon:feature.powerBet')}
        />
      ) : null}
      {on('insurance') && insurance ? (
        <>
          <Checkbox
            checked={value.insurance}
            onChange={(event) => set({ insurance: event.target.checked })}
            label={t('coupon:feature.insurance')}
          />
          {insurance.cost && insurance.back ? (
            <p>{t('coupon:feature.insuranceCost', { cost: insurance.cost, back: insurance.back })}</p>
          ) : null}
        </>
      ) : null}
      {on('advanceBet') && advance !== undefined ? (
        <>
          <Checkbox
            checked={value.advance}
            onChange={(event) => set({ advance: event.target.checked })}
            label={t('coupon:feature.advanceBet')}
            hint={t('coupon:feature.advanceText', { amount: advance })}
          />
        </>
      ) : null}
      {on('expressBoost') && coupon.betType === 'express' ? (
        <Checkbox
          checked={value.expressBoost}
          onChange={(event) => set({ expressBoost: event.target.checked })}
          label={t('coupon:feature.expressBoost')}
        />
      ) : null}
      {on('promoCode') ? (
        <Field label={t('coupon:feature.promoCode')}>
          <Input
            type="text"
            maxLength={64}
            autoComplete="off"
            value={value.promo}
            onChange={(event) => set({ promo: event.target.value })}
          />
        </Field>
      ) : null}
      {on('lobby') ? (
        <Checkbox
          checked={value.lobby}
          onChange={(event) => set({ lobby: event.target.checked })}
          label={t('coupon:feature.lobby')}
        />
      ) : null}
    </StyledFieldset>
  );
}

/** The VIP stake typed, when a VIP bet is asked for. */
export function vipStake(value: CouponOptionsValue): number | undefined {
  return value.vipBet ? parseAmount(value.vipBetSumm) || undefined : undefined;
}
