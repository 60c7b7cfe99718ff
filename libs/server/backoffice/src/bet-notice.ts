import { createSiteFormat } from '@tessera/shared/util-format';
import type { BackofficeContext } from './context';

/** What a player is told of a correction: the bet, what the desk did, how it ends and what it pays now. */
export interface CorrectionNotice {
  betId: string;
  userId: string;
  brandId: string;
  currency: string;
  action: 'void' | 'resettle';
  /** The bet's status after the correction (won, lost, returned, half_won, half_lost). */
  status: string;
  /** What the bet pays now, major units. */
  payout: number;
}

/** The dictionary namespace and keys of the message (libs/shared/util-i18n locales, `account`; brands may override). */
const NS = 'account';

const fill = (text: string, values: Readonly<Record<string, string>>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The message to a player whose bet the risk desk voided or resettled, in the language the brand serves the player's
 * country in (the country's `global.mainLanguage`; players keep no language of their own yet), written with the
 * brand's money format. Undefined when the dictionary lacks the text.
 */
export function correctionMessage(
  ctx: Pick<BackofficeContext, 'registry'>,
  player: { country: string },
  notice: CorrectionNotice,
): { language: string; subject: string; text: string } | undefined {
  const first = ctx.registry.resolve(notice.brandId, player.country, '');
  const site = ctx.registry.resolve(notice.brandId, player.country, first.config.global.mainLanguage.code);
  const texts = site.dictionary[NS] ?? {};
  const format = createSiteFormat(site.config.global, site.language);
  const outcome =
    texts[`betCorrection.status.${notice.status.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}`] ??
    notice.status;
  const values = {
    brand: site.config.global.brandName,
    bet: notice.betId,
    outcome,
    payout: format.money(notice.payout, notice.currency),
  };
  const subject = texts['betCorrection.subject'];
  const body = texts[`betCorrection.${notice.action}`];
  if (!subject || !body) return undefined;
  return { language: site.language, subject: fill(subject, values), text: fill(body, values) };
}

/**
 * Tells the player of a correction on the channel the platform can deliver and the player has (e-mail, else SMS), after
 * the correction is committed. Never fails the correction: a player without a channel, or a gateway that refuses or
 * times out, is logged (the bet's history shows the new status and balance either way).
 */
export async function tellPlayerOfCorrection(
  ctx: Pick<BackofficeContext, 'db' | 'registry' | 'log' | 'messenger'>,
  notice: CorrectionNotice,
): Promise<'email' | 'sms' | 'none'> {
  try {
    const messenger = ctx.messenger;
    const { rows } = await ctx.db.query<{ email: string | null; phone: string | null; country: string }>(
      `select email, phone, country from accounts_users where id = $1`,
      [notice.userId],
    );
    const player = rows[0];
    if (!player || !messenger) return 'none';
    const channel =
      player.email && messenger.delivers('email')
        ? ('email' as const)
        : player.phone && messenger.delivers('sms')
          ? ('sms' as const)
          : undefined;
    const message = channel ? correctionMessage(ctx, player, notice) : undefined;
    if (!channel || !message) {
      ctx.log.warn?.({ betId: notice.betId }, 'bet correction: the player has no channel to be told on');
      return 'none';
    }
    await messenger.send({
      brandId: notice.brandId,
      channel,
      to: channel === 'email' ? (player.email as string).toLowerCase() : (player.phone as string),
      ...(channel === 'email' ? { subject: message.subject } : {}),
      text: channel === 'email' ? message.text : `${message.subject}: ${message.text}`,
    });
    return channel;
  } catch (error) {
    ctx.log.error({ err: error, betId: notice.betId }, 'bet correction: telling the player failed');
    return 'none';
  }
}
