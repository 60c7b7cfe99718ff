import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { betTypeNameKey } from '@tessera/shared/util-format';
import { Button, Field, Input, Link, Radio, Select } from '@tessera/shared/ui';
import { CHECK_CF, isCouponFeatureOn, toBetDraft, useAdvance, useCoupon } from '@tessera/sportsbook/data-access-coupon';
import { useFormatOdds } from '@tessera/sportsbook/data-access-feed';
import {
  couponGroups,
  fullCoverBetsFor,
  INSURABLE_BET_TYPES,
  insurancePremium,
  isBetTypeEnabled,
  potentialWin,
  systemLines,
  validateCoupon,
  type BetType,
  type CouponIssue,
} from '@tessera/sportsbook/util-coupon';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CouponOptions, NO_OPTIONS, vipStake, type CouponOptionsValue } from './coupon-options';
import { CouponPrint } from './coupon-print';
import { CouponSaveLoad } from './coupon-save-load';
import { CouponSelections } from './coupon-selections';
import { CouponStatus } from './coupon-status';
import { useIssueText, useMoney } from './coupon-text';
import { parseAmount } from './stake-input';
import type { CouponPlacement } from './use-coupon-placement';

// A VIP bet asks for a stake above the limits: the typed stake's checks do not apply to it (the desk judges the VIP stake).
const VIP_UNCHECKED: ReadonlySet<CouponIssue['code']> = new Set([
  'invalid_stake',
  'below_minimum_stake',
  'above_maximum_stake',
  'above_balance',
]);

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  fieldset {
    margin: 0;
    border: 0;
    padding: 0;
  }
`;

const StyledTypes = styled.div`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.space(4)};
`;

const StyledSummary = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.color.text.muted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
`;

const StyledIssues = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.status.danger.base};
`;

const StyledChanges = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  &:empty {
    display: none;
  }
  p {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    padding-inline-start: ${({ theme }) => theme.space(2)};
    border-inline-start: 3px solid ${({ theme }) => theme.color.status.warning.base};
  }
`;

const StyledDetails = styled.details`
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  > summary {
    cursor: pointer;
    min-height: 44px;
    display: flex;
    align-items: center;
    padding-inline: ${({ theme }) => theme.space(3)};
    font-weight: 600;
  }
  > summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
  }
  &[open] > summary {
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
  }
  > fieldset {
    border: 0;
  }
`;

const StyledQuick = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
`;

// Bet types an advance bet can be (libs/server/bets README, "Advance bets held until covered"; the server refuses a multi and an anti-express on advance as well).
const ADVANCE_BET_TYPES: readonly BetType[] = ['single', 'express', 'system'];

// The fewest selections each bet type needs to be offered (util-coupon refuses fewer).
const MIN_SELECTIONS: Readonly<Record<BetType, number>> = {
  single: 1,
  express: 2,
  system: 3,
  multi: 2,
  antiExpress: 2,
  fullCover: 3,
};

/** Props of {@link CouponBody}. */
export interface CouponBodyProps {
  placement: CouponPlacement;
  /** Signed in: bets can be placed; a guest sees a link to log in. */
  authorised: boolean;
  /** The main balance in the coupon's currency, when known: a stake above it is refused before sending. */
  balance?: number;
  /** Where the log-in link goes. */
  loginHref?: string;
}

/**
 * The bet slip's content: selections, bet type, stake, what the bet costs and pays (util-coupon's maths), why it
 * cannot be placed yet, the brand's coupon features, and the placement (confirmation, odds change, outcome).
 */
export function CouponBody({ placement, authorised, balance, loginHref = '/login' }: CouponBodyProps) {
  const { t } = useT();
  const { config: site } = useBrand();
  const { store, state, config, currency } = useCoupon();
  const formatOdds = useFormatOdds();
  const money = useMoney(currency);
  const issueText = useIssueText(currency);
  const [options, setOptions] = useState<CouponOptionsValue>(NO_OPTIONS);
  const [stakeText, setStakeText] = useState(() => (state.coupon.stake > 0 ? String(state.coupon.stake) : ''));
  const [tried, setTried] = useState(false);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [printing, setPrinting] = useState(false);
  const ids = { types: useId(), issues: useId() };
  const { coupon } = state;
  const n = coupon.selections.length;
  // The stake can change outside this input (a coupon restored from storage or loaded by code): show it then.
  useEffect(() => {
    setStakeText((text) => (parseAmount(text) === coupon.stake ? text : coupon.stake > 0 ? String(coupon.stake) : ''));
  }, [coupon.stake]);
  const groups = couponGroups(coupon);
  const busy = !placement.snapshot.matches('idle');

  // Express boost is priced only when the bettor asks for it (and the brand offers it: the config then has a table).
  const pricing = useMemo(() => {
    if (options.expressBoost || !config.expressBoost) return config;
    const { expressBoost: _boost, ...rest } = config;
    return rest;
  }, [config, options.expressBoost]);
  const win = potentialWin(coupon, pricing);
  const vip = vipStake(options);
  // How many options the bettor chose for this bet (shown on the folded options' summary).
  const chosen = [
    options.promo.trim() !== '',
    options.autoBet,
    options.vipBet,
    options.powerBet,
    options.insurance,
    options.lobby,
    options.advance,
  ].filter(Boolean).length;
  // Insurance (libs/server/bets README, "Bet insurance"): a single or express placed now; the premium as the server will price it.
  const insurable =
    isCouponFeatureOn(site, 'insurance') &&
    INSURABLE_BET_TYPES.includes(coupon.betType) &&
    !options.vipBet &&
    !options.autoBet;
  const premium = insurable
    ? win.bets.reduce(
        (sum, b) => sum + insurancePremium(b.netStake, b.coefficient, site.coupon.insurance.marginPercent),
        0,
      )
    : 0;
  const insuring = insurable && options.insurance;
  // Advance bets (libs/server/bets README, "Advance bets held until covered"): a plain pre-match single, express or system, within the advance the open bets secure.
  const advanceOn = isCouponFeatureOn(site, 'advanceBet') && authorised;
  const advanceQuery = useAdvance(advanceOn);
  const advanceAvailable = advanceQuery.data?.advance ?? 0;
  const advanceable =
    advanceOn &&
    ADVANCE_BET_TYPES.includes(coupon.betType) &&
    !options.vipBet &&
    !options.autoBet &&
    !insuring &&
    !coupon.selections.some((s) => s.live) &&
    (advanceAvailable > 0 || options.advance);
  const onAdvance = advanceable && options.advance;
  const aboveAdvance =
    onAdvance && balance !== undefined && win.totalStake > balance && win.totalStake > advanceAvailable;
  const issues: readonly CouponIssue[] = validateCoupon(coupon, config, authorised ? balance : undefined).filter(
    (issue) => !(vip !== undefined && VIP_UNCHECKED.has(issue.code)) && !(onAdvance && issue.code === 'above_balance'),
  );
  const shownIssues = issues.filter((issue) => tried || issue.code !== 'invalid_stake');
  // A published change (the console's live configuration reaches an open page) can take away what the slip holds:
  // live betting or the pre-match line switched off here. The slip says why and does not place (ADR 0310).
  const offNow = [
    ...(site.betting.live.enabled === false && coupon.selections.some((s) => s.live) ? ['live' as const] : []),
    ...(site.betting.line.enabled === false && coupon.selections.some((s) => !s.live) ? ['line' as const] : []),
  ];
  const blocked = issues.length > 0 || aboveAdvance || offNow.length > 0;
  // Where the bettor asked to confirm every price change (CheckCf 0), moved prices are accepted before the bet is placed.
  const mustAccept = state.settings.checkCf === CHECK_CF.none && Object.keys(state.oddsChanges ?? {}).length > 0;
  const types = (['single', 'express', 'system', 'multi', 'antiExpress'] as const).filter((type) =>
    isBetTypeEnabled(type, config),
  );
  // The brand's named full covers that fit this many selections (a Trixie and a Patent for 3, a Yankee and a Lucky 15
  // for 4), each its own bet type; the stake is then per bet (libs/server/bets README, "Full-cover bets").
  const fullCovers = fullCoverBetsFor(n).filter((b) => config.fullCoverBets?.includes(b.name));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!authorised || busy || blocked) return;
    const autoBetCf =
      options.autoBet && isCouponFeatureOn(site, 'autoBet') ? parseAmount(options.autoBetCf) || undefined : undefined;
    placement.submit(
      toBetDraft(coupon, config, {
        ...(options.promo.trim() && isCouponFeatureOn(site, 'promoCode') ? { promo: options.promo.trim() } : {}),
        ...(autoBetCf !== undefined ? { autoBetCf } : {}),
        expressBoost: options.expressBoost && isCouponFeatureOn(site, 'expressBoost'),
        powerBet: options.powerBet && isCouponFeatureOn(site, 'powerBet'),
        insurance: insuring,
        lobby: options.lobby && isCouponFeatureOn(site, 'lobby'),
        ...(vip !== undefined && isCouponFeatureOn(site, 'vipBet') ? { vipBetSumm: vip } : {}),
        advance: onAdvance,
      }),
    );
  };

  // The bettor removed the last selection: the list and its buttons are gone, so the focus goes to the sentence that
  // says the slip is empty (inside the sheet on a phone, where Escape still closes it), never to the page's body.
  const emptiedByBettor = useRef(false);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (n > 0 || !emptiedByBettor.current) return;
    emptiedByBettor.current = false;
    emptyRef.current?.focus();
  }, [n]);
  // A code loaded into an empty slip swaps the empty view for the form, and the code box the bettor was in with it:
  // the focus goes to the form's code box (where they were), not to the body, so Escape still closes the sheet.
  const formRef = useRef<HTMLFormElement>(null);
  const wasEmpty = useRef(n === 0);
  useEffect(() => {
    const filled = wasEmpty.current && n > 0;
    wasEmpty.current = n === 0;
    if (!filled || (document.activeElement && document.activeElement !== document.body)) return;
    // While the sheet is open the slip is also in the (hidden) column: only the sheet's copy takes the focus.
    const form = formRef.current;
    if (!form || (document.querySelector('[role="dialog"]') && !form.closest('[role="dialog"]'))) return;
    form.querySelector<HTMLInputElement>('input[name="couponCode"]')?.focus();
  }, [n]);

  const status = (
    <CouponStatus
      placement={placement}
      currency={currency}
      stakeText={money(vip ?? win.totalStake + (insuring ? premium : 0))}
      winText={money(win.netReturn)}
    />
  );

  if (n === 0) {
    return (
      <>
        {status}
        {placement.snapshot.matches('accepted') || placement.snapshot.matches('held') ? null : (
          <p ref={emptyRef} tabIndex={-1}>
            {t('coupon:empty.text')}
          </p>
        )}
        {isCouponFeatureOn(site, 'saveLoad') ? <CouponSaveLoad /> : null}
      </>
    );
  }

  const stakeLabel =
    coupon.betType === 'single'
      ? t('coupon:stake.perEvent', { currency })
      : coupon.betType === 'fullCover'
        ? t('coupon:stake.perLine', { currency })
        : t('coupon:stake.label', { currency });
  // Quick stakes in the coupon's currency (coupon.quickStakes, keyed by currency code).
  const quickStakes = site.coupon.quickStakes[currency] ?? [];
  const system = coupon.betType === 'system' && n >= 3;
  const bet = win.bets[0];

  return (
    <StyledForm ref={formRef} onSubmit={submit} noValidate aria-busy={busy}>
      <CouponSelections onEmptied={() => (emptiedByBettor.current = true)} />
      {state.lastIssue ? <p role="alert">{issueText(state.lastIssue.code, state.lastIssue)}</p> : null}

      {/* One selection is a single: the bet types appear from two selections on, each once it can be placed. */}
      {n >= 2 ? (
        <fieldset disabled={busy}>
          <legend id={ids.types}>{t('coupon:betType.label')}</legend>
          <StyledTypes role="radiogroup" aria-labelledby={ids.types}>
            {types
              .filter((type) => n >= MIN_SELECTIONS[type])
              .map((type) => (
                <Radio
                  key={type}
                  name={`${ids.types}-type`}
                  value={type}
                  checked={coupon.betType === type}
                  onChange={() => store.setBetType(type)}
                  label={t(betTypeNameKey(type, n), { n })}
                />
              ))}
            {fullCovers.map((b) => (
              <Radio
                key={b.name}
                name={`${ids.types}-type`}
                value={`fullCover-${b.name}`}
                checked={coupon.betType === 'fullCover' && coupon.fullCover === b.name}
                onChange={() => store.setFullCover(b.name)}
                label={t('coupon:fullCover.option', {
                  name: t(betTypeNameKey('fullCover', n, b.name), { n }),
                  count: b.lines,
                })}
              />
            ))}
          </StyledTypes>
        </fieldset>
      ) : null}

      {system ? (
        // The label holds only its text, so the select's name is "System" and not its chosen option too.
        <Field
          label={t('coupon:system.size')}
          hint={bet ? t('coupon:system.perLine', { amount: money(bet.stakePerLine) }) : undefined}
        >
          <Select
            value={coupon.systemSize}
            onChange={(event) => store.setSystemSize(Number(event.target.value))}
            disabled={busy}
          >
            {Array.from({ length: n - 2 }, (_, i) => i + 2).map((k) => (
              <option key={k} value={k}>
                {t('coupon:system.option', { k, n, count: systemLines(n, k) })}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}

      {coupon.betType === 'multi' ? (
        groups.map((_, index) => (
          <Field key={index} label={t('coupon:multi.stake', { n: index + 1, currency })}>
            <Input
              type="text"
              inputMode="decimal"
              defaultValue={coupon.groupStakes[index] ? String(coupon.groupStakes[index]) : ''}
              onChange={(event) => store.setGroupStake(index, parseAmount(event.target.value))}
              disabled={busy}
            />
          </Field>
        ))
      ) : (
        <Field label={stakeLabel}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={stakeText}
            disabled={busy}
            onChange={(event) => {
              setStakeText(event.target.value);
              store.setStake(parseAmount(event.target.value));
            }}
          />
        </Field>
      )}
      {quickStakes.length > 0 && coupon.betType !== 'multi' ? (
        <StyledQuick role="group" aria-label={t('coupon:stake.quick')}>
          {quickStakes.map((amount) => (
            <Button
              key={amount}
              variant="ghost"
              size="small"
              disabled={busy}
              onClick={() => {
                setStakeText(String(amount));
                store.setStake(amount);
              }}
            >
              {money(amount)}
            </Button>
          ))}
        </StyledQuick>
      ) : null}

      <StyledSummary aria-label={t('coupon:summary.label')}>
        {win.coefficient !== undefined ? (
          <>
            <dt>{t('coupon:summary.odds')}</dt>
            <dd>{formatOdds(win.coefficient)}</dd>
          </>
        ) : null}
        <dt>{t('coupon:summary.totalStake')}</dt>
        <dd>
          {coupon.betType === 'fullCover' && bet
            ? t('coupon:fullCover.lines', {
                count: bet.lines,
                stake: money(coupon.stake),
                total: money(win.totalStake),
              })
            : money(win.totalStake)}
        </dd>
        {win.stakeTax > 0 ? (
          <>
            <dt>{t('coupon:summary.stakeTax')}</dt>
            <dd>{money(win.stakeTax)}</dd>
          </>
        ) : null}
        {win.boost > 0 && bet ? (
          <>
            <dt>{t('coupon:summary.boost', { percent: bet.boostPercent })}</dt>
            <dd>{money(win.boost)}</dd>
          </>
        ) : null}
        {win.payoutTax > 0 ? (
          <>
            <dt>{t('coupon:summary.payoutTax')}</dt>
            <dd>{money(win.payoutTax)}</dd>
          </>
        ) : null}
        <dt>{t('coupon:summary.potentialWin')}</dt>
        <dd>{money(win.netReturn)}</dd>
        {win.minReturn !== undefined ? (
          <>
            <dt>{t('coupon:summary.minReturn')}</dt>
            <dd>{money(win.minReturn)}</dd>
          </>
        ) : null}
      </StyledSummary>

      {shownIssues.length > 0 || aboveAdvance || offNow.length > 0 ? (
        <StyledIssues id={ids.issues}>
          {offNow.map((what) => (
            <li key={what} role="alert">
              {t(what === 'live' ? 'coupon:issue.liveSwitchedOff' : 'coupon:issue.lineSwitchedOff')}
            </li>
          ))}
          {shownIssues.map((issue) => (
            <li key={issue.code}>{issueText(issue.code, issue)}</li>
          ))}
          {aboveAdvance ? <li>{issueText('above_advance', { amount: advanceAvailable })}</li> : null}
        </StyledIssues>
      ) : null}

      {/* The options fold away: the slip starts simple, and opens them for a bettor who chose one. */}
      <StyledDetails open={optionsOpen} onToggle={(event) => setOptionsOpen(event.currentTarget.open)}>
        <summary>
          {t('coupon:feature.options')}
          {chosen > 0 ? ` (${chosen})` : ''}
        </summary>
        <CouponOptions
          value={options}
          onChange={setOptions}
          authorised={authorised}
          insurance={
            insurable
              ? premium > 0
                ? { cost: money(premium), back: money(win.bets.reduce((sum, b) => sum + b.netStake, 0)) }
                : {}
              : undefined
          }
          advance={advanceable ? money(advanceAvailable) : undefined}
        />
      </StyledDetails>

      <CouponChanges />
      {placement.snapshot.matches('idle') ? (
        authorised && mustAccept ? (
          <Button variant="accent" onClick={() => store.acceptChanges()}>
            {t('coupon:changes.accept')}
          </Button>
        ) : authorised ? (
          <Button
            type="submit"
            variant="accent"
            disabled={blocked}
            aria-describedby={shownIssues.length > 0 || aboveAdvance || offNow.length > 0 ? ids.issues : undefined}
          >
            {vip !== undefined ? t('coupon:submit.vip') : t('coupon:submit.label')}
          </Button>
        ) : (
          <p>
            {t('coupon:login.text')}{' '}
            <Link to={loginHref} variant="accent" size="small">
              {t('coupon:login.link')}
            </Link>
          </p>
        )
      ) : null}
      {status}

      <StyledQuick>
        {isCouponFeatureOn(site, 'print') ? (
          <Button variant="ghost" size="small" onClick={() => setPrinting(true)}>
            {t('coupon:feature.print')}
          </Button>
        ) : null}
        <Button variant="ghost" size="small" disabled={busy} onClick={() => store.clear()}>
          {t('coupon:clear')}
        </Button>
      </StyledQuick>
      {isCouponFeatureOn(site, 'saveLoad') ? <CouponSaveLoad /> : null}
      {printing ? <CouponPrint win={win} onDone={() => setPrinting(false)} /> : null}
    </StyledForm>
  );
}

/** What changed in the slip since the bettor looked: moved prices to accept, suspended selections to remove. */
function CouponChanges() {
  const { t } = useT();
  const { store, state } = useCoupon();
  const moved = Object.keys(state.oddsChanges ?? {}).length;
  const suspended = state.coupon.selections.filter((s) => s.blocked).length;
  return (
    <StyledChanges role="status">
      {moved > 0 ? (
        <p>
          {t('coupon:changes.moved', { count: moved })}{' '}
          <Button variant="ghost" size="small" onClick={() => store.acceptChanges()}>
            {t('coupon:changes.accept')}
          </Button>
        </p>
      ) : null}
      {suspended > 0 ? (
        <p>
          {t('coupon:changes.suspended', { count: suspended })}{' '}
          <Button variant="ghost" size="small" onClick={() => store.removeSuspended()}>
            {t('coupon:changes.removeSuspended')}
          </Button>
        </p>
      ) : null}
    </StyledChanges>
  );
}
