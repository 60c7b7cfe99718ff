/* eslint-disable */
// GENERATED FILE, DO NOT EDIT. Types of the resolved site configuration.
// Source: schemas/*.schema.json. Regenerate with `npm run codegen`; `npm run codegen:check` fails when this drifts.

/**
 * Two-letter lower-case language code.
 */
export type GlobalLanguageCode = string;
/**
 * ISO 3166-1 alpha-2 country code in lower case.
 */
export type GlobalCountryCode = string;
/**
 * Field name as the registration request (POST /web-api/user/registration) spells it.
 */
export type RegistrationField = 'email' | 'first_name' | 'last_name' | 'birth_date' | 'promo_code' | 'ref_code';

/**
 * The public site configuration of one brand, resolved for a country and a language. Sent to the browser: it must never hold secrets (those live in server-config.schema.json).
 */
export interface SiteConfig {
  /**
   * Editor hint: path of the JSON Schema this file follows. Ignored at run time.
   */
  $schema?: string;
  global: GlobalSection;
  betting: BettingSection;
  cyber: CyberSection;
  support: SupportSection;
  coupon: CouponSection;
  application: ApplicationSection;
  modules: ModulesSection;
  iframe: IframeSection;
  toto: TotoSection;
  information: InformationSection;
  footer: FooterSection;
  header: HeaderSection;
  promo: PromoSection;
  auth: AuthSection;
  office: OfficeSection;
  thirdParty: ThirdPartySection;
  bringFriend: BringFriendSection;
  registration: RegistrationSection;
  globalEvent: GlobalEventSection;
  bannerWidgets: BannerWidgetsSection;
  dictionary: DictionarySection;
  customize: CustomizeSection;
  captcha: CaptchaSection;
  responsible: ResponsibleSection;
  cashier: CashierSection;
  verification: VerificationSection;
  licence: LicenceSection;
  other: OtherSection;
  boolean: BooleanFlags;
}
/**
 * Identity of the site: name, domains, languages, countries, currencies and formats.
 */
export interface GlobalSection {
  /**
   * Brand name shown to players and in page titles.
   */
  brandName: string;
  /**
   * Host names that serve this brand (without port). The first one is canonical.
   *
   * @minItems 1
   *
   * Items: A host name without scheme or port, lower case.
   */
  domains: string[];
  mainLanguage: MainLanguage;
  /**
   * Language codes the site allows, in menu order. The default language is global.mainLanguage.code.
   *
   * @minItems 1
   */
  languages: GlobalLanguageCode[];
  fallbackLanguage: GlobalLanguageCode;
  /**
   * Language codes written right to left.
   */
  rtlLanguages: GlobalLanguageCode[];
  defaultCountry: GlobalCountryCode;
  /**
   * Countries (ISO 3166-1 alpha-2, lower case) the brand serves; a country override file may exist only for these.
   *
   * @minItems 1
   */
  countries: GlobalCountryCode[];
  /**
   * Currencies the brand accepts, keyed by currency code.
   */
  currencies: {
    [k: string]: Currency;
  };
  /**
   * Currency code preselected at registration. Must be a key of global.currencies.
   */
  defaultCurrency: string;
  /**
   * Partner (ref) id sent as partner to the feed and betting calls. Planned, not honoured yet: an outside feed provider behind the feed-provider port.
   */
  refId: number;
  /**
   * Partner group id of the brand. Planned, not honoured yet: an outside feed provider behind the feed-provider port.
   */
  groupId: number;
  /**
   * Project id sent to seo and statistics services. Planned, not honoured yet: outside SEO and statistics services.
   */
  projectId: number;
  /**
   * How money is written: {v} is the value, {c} the currency symbol.
   */
  amountTemplate: string;
  /**
   * Amount templates per currency code, overriding global.amountTemplate.
   */
  amountTemplates: {
    /**
     * Template for this currency.
     */
    [k: string]: string;
  };
  /**
   * Time format (date-fns tokens).
   */
  timeFormat: string;
  /**
   * Date format (date-fns tokens).
   */
  dateFormat: string;
  /**
   * First day of the week: 0 Sunday, 1 Monday. Planned, not honoured yet: date filters of the payments history (issue 13).
   */
  weekStartsOn: 0 | 1;
  /**
   * IANA time zone used when the visitor's is unknown.
   */
  timezone: string;
  /**
   * Site streams (sections) keyed by stream id, each switchable. Virtual sports, statistics, results and promo have no page yet, so they are off by default (issue 16).
   */
  streams: {
    [k: string]: SiteStream;
  };
}
/**
 * The default language of the site. Must be one of global.languages.
 */
export interface MainLanguage {
  /**
   * Numeric language id of the platform. Planned, not honoured yet: an outside feed provider behind the feed-provider port.
   */
  id: number;
  /**
   * Name of the language in that language. Planned, not honoured yet: language picker (issue 16).
   */
  title: string;
  code: GlobalLanguageCode;
  /**
   * Locale code such as ru_RU or en_GB. Planned, not honoured yet: locale-aware number formatting (issue 16).
   */
  locale: string;
}
/**
 * A currency the brand accepts.
 */
export interface Currency {
  /**
   * Platform currency id (1 RUB, 10 USD, 12 EUR, 18 GBP ...).
   */
  id: number;
  /**
   * Currency code, equal to its key.
   */
  code: string;
  /**
   * Symbol shown in amounts.
   */
  symbol: string;
  /**
   * Display name.
   */
  name: string;
  /**
   * Hidden from currency pickers while still accepted on existing accounts.
   */
  hide: boolean;
  /**
   * Rate against the platform base currency. Planned, not honoured yet: currency accounts and transfers (issue 13).
   */
  baseRate: number;
  /**
   * Smallest stake accepted in this currency.
   */
  minBetSum: number;
  /**
   * A crypto currency (mBT, USDT, DOGE, TRX). Planned, not honoured yet: currency accounts and transfers (issue 13).
   */
  isCrypto: boolean;
}
/**
 * A site stream (section) and its switch.
 */
export interface SiteStream {
  /**
   * The stream is reachable and shown in menus.
   */
  enabled: boolean;
  /**
   * Group the stream belongs to.
   */
  group: 'site' | 'betting' | 'casino' | 'promo' | 'user' | 'other';
  /**
   * Sort order in menus, lowest first.
   */
  order: number;
}
/**
 * Sportsbook settings: odds formats, views, sports and feeds.
 */
export interface BettingSection {
  line: FeatureSwitch;
  live: LiveBetting;
  cyber: FeatureSwitch;
  virtualSports: FeatureSwitch;
  /**
   * Odds formats a player may choose.
   *
   * @minItems 1
   *
   * Items: Coefficient format id: 0 decimal, 1 fractional, 2 American, 3 Hong Kong, 4 Indonesian, 5 Malaysian.
   */
  coefficientFormats: number[];
  /**
   * Odds format for new visitors; must be in coefficientFormats.
   */
  defaultCoefficientFormat: number;
  /**
   * Betting views a player may choose. View 1 (Asian) is offered only in asianViewCountries.
   *
   * @minItems 1
   *
   * Items: Betting view id: 0 European, 1 Asian.
   */
  views: number[];
  /**
   * View for new visitors; must be in views.
   */
  defaultView: number;
  /**
   * Countries where the Asian view is offered when views allows it; empty means every country of the brand.
   *
   * Items: Country code.
   */
  asianViewCountries: string[];
  /**
   * Coefficient view id sent to the feed (coefViewId). Planned, not honoured yet: an outside feed provider behind the feed-provider port.
   */
  coefficientViewId: number;
  /**
   * Odds change policy when placing a bet: 0 ask, 1 accept higher, 2 accept any.
   */
  checkCf: 0 | 1 | 2;
  /**
   * Seconds a bet on a live game is held before it is accepted, so a price the feed is about to move cannot be taken (0: none). During the hold an odds change beyond the bettor's checkCf policy, a suspended market, or (with DropOnScoreChange) a goal refuses the bet and returns the stake.
   */
  liveBetDelaySeconds: number;
  /**
   * Multi-event mode sent to the feed. Planned, not honoured yet: an outside feed provider behind the feed-provider port.
   */
  multiEvent: number;
  /**
   * Sport ids never shown on this site (for example for legal reasons in a country).
   *
   * Items: Sport id.
   */
  disallowedSports: number[];
  /**
   * Sports pinned at the top of the sports menu, in order.
   *
   * Items: Sport id.
   */
  topSports: number[];
  /**
   * Games shown per dashboard block.
   */
  dashboardGamesLimit: number;
  /**
   * Show the express (accumulator) of the day.
   */
  expressOfTheDay: boolean;
  /**
   * Offer the player duel builder. Planned, not honoured yet: player duel builder.
   */
  playerDuel: boolean;
  /**
   * Show recommended games (isRecommendations). Planned, not honoured yet: recommended games on the home page (issue 16).
   */
  recommendations: boolean;
  /**
   * Betting menu sections (home, cyber, ufc, top-events ...) keyed by id; absent means shown when the feed has events. Planned, not honoured yet: sportsbook menu sections (issue 16).
   */
  menuSections: {
    [k: string]: FeatureSwitch;
  };
}
/**
 * A feature that can be switched on or off.
 */
export interface FeatureSwitch {
  /**
   * The feature is on.
   */
  enabled: boolean;
}
/**
 * Live betting.
 */
export interface LiveBetting {
  /**
   * The feature is on.
   */
  enabled: boolean;
  /**
   * Market types not offered once a game is live (jurisdiction rule DEGGL-LIVE-1: only the final result): the feed leaves them out of live games and bet placement refuses them (live_market_not_offered). Pre-match markets are not affected.
   *
   * Items: A market type of the feed.
   */
  closedMarketTypes: ('1x2' | 'double-chance' | 'winner' | 'total' | 'handicap' | 'btts')[];
}
/**
 * Cyber sports (esports) section settings.
 */
export interface CyberSection {
  /**
   * Route segment of the cyber section. Planned, not honoured yet: cyber sports pages (issue 16).
   */
  sectionName: string;
  /**
   * Version of the cyber section layout. Planned, not honoured yet: cyber sports pages (issue 16).
   */
  version: number;
  /**
   * Sub-sections of the cyber section, in order. Planned, not honoured yet: cyber sports pages (issue 16).
   *
   * Items: Section id.
   */
  sections: string[];
  /**
   * Labels of cyber game types keyed by type id. Planned, not honoured yet: cyber sports pages (issue 16).
   */
  typeLabels: {
    /**
     * Translation key of the label.
     */
    [k: string]: string;
  };
  /**
   * Show the cyber banner as a dropdown. Planned, not honoured yet: cyber sports pages (issue 16).
   */
  bannerDropdown: boolean;
}
/**
 * Customer support and payment consultant settings. Planned, not honoured yet: customer support and payment consultant chat.
 */
export interface SupportSection {
  /**
   * Support chat and requests are offered.
   */
  enabled: boolean;
  /**
   * Start of support hours (HH:mm, site time zone).
   */
  startedSupportTime: string;
  /**
   * End of support hours (HH:mm, 24:00 for round the clock).
   */
  endedSupportTime: string;
  /**
   * Support consultant id by language code, with the key default for all other languages.
   */
  consultantIds: {
    /**
     * Consultant id.
     */
    [k: string]: string;
  };
  /**
   * Use the new help widget; it talks to support API version 3, otherwise version 2.
   */
  newHelper: boolean;
  /**
   * Colours of the payment consultant widget, which is rendered by a third party outside the theme.
   */
  consultantColors: {
    /**
     * Main colour.
     */
    primary?: string;
    /**
     * Background colour.
     */
    background?: string;
    /**
     * Text colour.
     */
    text?: string;
  };
  /**
   * Offer payment consultant requests in the office.
   */
  paymentConsultant: boolean;
  /**
   * Public support e-mail address.
   */
  email?: string;
  /**
   * Public support phone number.
   */
  phone?: string;
}
/**
 * Bet slip (coupon) features, limits and betting taxes.
 */
export interface CouponSection {
  features: CouponFeatures;
  fullCoverBets: FullCoverBets;
  /**
   * Most selections in one coupon.
   */
  maxEvents: number;
  /**
   * Most selections in a system or multi bet.
   */
  maxSystemEvents: number;
  /**
   * Days of bet history shown by default.
   */
  historyDays: number;
  /**
   * Margin kept by the brand when a bet is sold (cash-out): the fair value from current odds is reduced by this percent.
   */
  saleMarginPercent: number;
  /**
   * Smallest stake per currency code; overrides the currency's minBetSum.
   */
  minBet: {
    /**
     * Smallest stake in this currency.
     */
    [k: string]: number;
  };
  /**
   * Largest stake of one bet per currency code (a single per event, a multi per group); above it the bet slip refuses the stake and offers a VIP bet where coupon.features.vipBet is on. A currency without an entry has no limit.
   */
  maxBet: {
    /**
     * Largest stake in this currency.
     */
    [k: string]: number;
  };
  vipBet: VipBetSettings;
  insurance: InsuranceSettings;
  advanceBet: AdvanceBetSettings;
  /**
   * Quick stake buttons of the bet slip, keyed by currency code: a tap sets the stake. A currency without an entry shows none.
   */
  quickStakes: {
    /**
     * Quick stake amounts in this currency, in the order shown; empty hides them.
     *
     * @maxItems 6
     *
     * Items: Stake amount in this currency.
     */
    [k: string]: number[];
  };
  taxes: BettingTaxes;
  expressBoost: ExpressBoost;
}
/**
 * Coupon features that can be switched per site, country or language.
 */
export interface CouponFeatures {
  /**
   * One-click bets.
   */
  oneClick: boolean;
  /**
   * Auto-bet: place when the odds reach a value.
   */
  autoBet: boolean;
  /**
   * VIP bet: request a stake above the limit.
   */
  vipBet: boolean;
  /**
   * Power bet.
   */
  powerBet: boolean;
  /**
   * Express boost: raised odds for accumulators.
   */
  expressBoost: boolean;
  /**
   * Sale (cash-out) of a bet.
   */
  sale: boolean;
  /**
   * Partial sale of a bet.
   */
  partSale: boolean;
  /**
   * Save a coupon and load it by code.
   */
  saveLoad: boolean;
  /**
   * Print a coupon.
   */
  print: boolean;
  /**
   * Enter a promo code in the coupon.
   */
  promoCode: boolean;
  /**
   * Bet lobby (withLobby).
   */
  lobby: boolean;
  /**
   * Bet insurance.
   */
  insurance: boolean;
  /**
   * Advance bets (avanceBet): a pre-match bet above the balance, secured by the bettor's open bets and held until their winnings or a deposit cover its stake (libs/server/bets README, "Advance bets held until covered").
   */
  advanceBet: boolean;
  /**
   * Delete a bet from the history. Planned, not honoured yet: deleting a settled bet from the bets history (issue 16).
   */
  delete: boolean;
  /**
   * Multi bets (several coupons at once).
   */
  multiBet: boolean;
  /**
   * System bets.
   */
  system: boolean;
}
/**
 * The named full-cover bets the bet slip offers (libs/server/bets README, "Full-cover bets"): every combination of the selections from the doubles (or the singles) up, one bet each, the stake typed per bet. Each is offered when the coupon holds exactly its number of selections from different games; none is on unless switched on here. Names come from the translations (coupon:betType.<name>). Lucky bonuses and consolations are not paid.
 */
export interface FullCoverBets {
  /**
   * Trixie: 3 selections, 4 bets (3 doubles and a treble).
   */
  trixie: boolean;
  /**
   * Patent: 3 selections, 7 bets (3 singles, 3 doubles and a treble).
   */
  patent: boolean;
  /**
   * Yankee: 4 selections, 11 bets (6 doubles, 4 trebles and a fourfold).
   */
  yankee: boolean;
  /**
   * Lucky 15: 4 selections, 15 bets (4 singles and the Yankee's 11).
   */
  lucky15: boolean;
  /**
   * Super Yankee (Canadian): 5 selections, 26 bets (doubles up).
   */
  superYankee: boolean;
  /**
   * Lucky 31: 5 selections, 31 bets (singles up).
   */
  lucky31: boolean;
  /**
   * Heinz: 6 selections, 57 bets (doubles up).
   */
  heinz: boolean;
  /**
   * Lucky 63: 6 selections, 63 bets (singles up).
   */
  lucky63: boolean;
  /**
   * Super Heinz: 7 selections, 120 bets (doubles up).
   */
  superHeinz: boolean;
  /**
   * Goliath: 8 selections, 247 bets (doubles up).
   */
  goliath: boolean;
}
/**
 * VIP bets (a stake over maxBet sent to the trading desk for approval).
 */
export interface VipBetSettings {
  /**
   * Minutes the trading desk has to decide a VIP bet; an undecided bet then lapses (rejected, no money moved).
   */
  decisionMinutes: number;
}
/**
 * Bet insurance (feature insurance): for a premium, a single or express that loses pays its stake back.
 */
export interface InsuranceSettings {
  /**
   * The brand's margin on the premium: the premium is the stake after tax × (1 - 1/coefficient) × (1 + margin/100), rounded up to the cent.
   */
  marginPercent: number;
}
/**
 * Advance bets (feature advanceBet, libs/server/bets README, "Advance bets held until covered"): how large an advance the bettor's open bets secure.
 */
export interface AdvanceBetSettings {
  /**
   * The advance is this share of what the bettor's open bets (accepted, not settled, not advance bets themselves) would pay if they won, less the stakes of advance bets still held.
   */
  sharePercent: number;
  /**
   * Largest advance per currency code; a currency without an entry is bounded by sharePercent alone.
   */
  maxAmount: {
    /**
     * Largest advance in this currency.
     */
    [k: string]: number;
  };
}
/**
 * Betting taxes applied to stakes and payouts.
 */
export interface BettingTaxes {
  /**
   * Taxes apply.
   */
  enabled: boolean;
  /**
   * Tax calculation type of the platform (0 none, 1 stake, 2 payout, 3 both).
   */
  type: number;
  /**
   * Percent taken from the stake.
   */
  stakeTaxPercent: number;
  /**
   * Percent taken from the winnings.
   */
  payoutTaxPercent: number;
  /**
   * Winnings below this amount are not taxed.
   */
  winAmountThreshold: number;
  /**
   * Bets at odds below this are not taxed; 0 means no threshold.
   */
  coefficientThreshold: number;
  /**
   * The payout tax is taken from the whole return of a winning bet, the returned stake included, not only from the winnings; a bet that wins nothing (lost or returned) is never taxed (the platform sends the string 'true').
   */
  hasReturnTax: boolean;
}
/**
 * Express boost: odds raised by a percent depending on the number of selections.
 */
export interface ExpressBoost {
  /**
   * Selections priced below these odds do not count towards the boost.
   */
  minOdds: number;
  /**
   * Boost percent keyed by number of qualifying selections; the highest key not above the count applies, fewer than the lowest key gives no boost.
   */
  percentByEvents: {
    /**
     * Boost percent.
     */
    [k: string]: number;
  };
}
/**
 * Mobile applications, PWA and media settings. Planned, not honoured yet: mobile applications and PWA.
 */
export interface ApplicationSection {
  /**
   * Android application download.
   */
  android: {
    /**
     * Offer the Android app.
     */
    enabled: boolean;
    /**
     * App type: '0' android, '1' lite, '2' asia.
     */
    type: '0' | '1' | '2';
    /**
     * Download link.
     */
    link?: string;
  };
  /**
   * iOS application download.
   */
  ios: {
    /**
     * Offer the iOS app.
     */
    enabled: boolean;
    /**
     * App Store link.
     */
    link?: string;
  };
  /**
   * The site can be installed as a progressive web app.
   */
  pwa: boolean;
  /**
   * Offer the lite version switch.
   */
  liteVersion: boolean;
  /**
   * Media player mode for live streams.
   */
  mediaPlayerMode: number;
  /**
   * Media resource paths keyed by module id.
   */
  mediaResources: {
    /**
     * Resource path.
     */
    [k: string]: string;
  };
  /**
   * Image formats accepted for uploads and media.
   *
   * Items: Image format.
   */
  imageFormats: ('png' | 'jpg' | 'jpeg' | 'webp' | 'svg' | 'avif' | 'gif')[];
}
/**
 * Product modules that can be switched on or off, such as the casino and its categories.
 */
export interface ModulesSection {
  casino: CasinoModule;
  sportsbook: FeatureSwitch;
  toto: FeatureSwitch;
  lotto: FeatureSwitch;
  statistics: FeatureSwitch;
  results: FeatureSwitch;
}
/**
 * The casino module.
 */
export interface CasinoModule {
  /**
   * The casino is offered.
   */
  enabled: boolean;
  /**
   * Live dealer games are offered. Planned, not honoured yet: live dealer games from an external provider (casino, issue 15).
   */
  liveCasino: boolean;
  /**
   * Games can be played for fun without signing in.
   */
  demoMode: boolean;
  /**
   * Casino categories keyed by slug; switch one off to hide it and its games.
   */
  categories: {
    [k: string]: CasinoCategory;
  };
  slots: CasinoSlotRules;
  /**
   * Game providers never shown on this site.
   *
   * Items: Provider id.
   */
  hiddenProviders: number[];
  /**
   * Casino tournaments of the brand keyed by id (libs/server/casino README, "Tournaments"): a leaderboard by points from qualifying real-money rounds over a time window, prizes paid by the ledger at its end. Defined at the brand layer; a country layer may only switch one off for its players' view (enabled: false).
   */
  tournaments: {
    [k: string]: CasinoTournament;
  };
}
/**
 * A casino category.
 */
export interface CasinoCategory {
  /**
   * Platform category id (popular 17, new 21, roulette 5 ...). Planned, not honoured yet: category ids of an external provider's catalogue (casino, issue 15).
   */
  id?: number;
  /**
   * Translation key of the category name.
   */
  langKey?: string;
  /**
   * The category is shown.
   */
  enabled: boolean;
  /**
   * Sort order, lowest first.
   */
  order: number;
  /**
   * Icon name in the sprite. Planned, not honoured yet: category icons in the lobby (casino, issue 15).
   */
  icon?: string;
}
/**
 * How slot games may be played (jurisdiction rules UKGC-SLOT-1/2 and DEGGL-SLOT-1/2): the casino round refuses a spin that comes too soon or stakes too much; the game page offers no autoplay or turbo when they are off.
 */
export interface CasinoSlotRules {
  /**
   * Shortest time, in seconds, from the start of one slot spin of a player to the start of the next: the casino round refuses a sooner spin (slot_spin_too_soon); 0 is no minimum.
   */
  minSpinSeconds: number;
  /**
   * The game page offers autoplay (a number of spins that start without a click each, paced by minSpinSeconds, stopped by the player or a refusal); off, every spin is a click.
   */
  autoplay: boolean;
  /**
   * The game page offers turbo (short reel spins) and quick stop (the result shown at once on a click); off, every spin runs its full duration.
   */
  turbo: boolean;
  /**
   * A win not larger than the stake is shown as a win, with the win banner; off (UKGC-SLOT-3), it is shown plainly as a return of part of the stake, without celebration.
   */
  celebrateWinsBelowStake: boolean;
  /**
   * Largest stake of one slot spin per currency (EUR: 1): the casino round refuses a larger one (slot_stake_above_maximum); a currency not listed has no maximum.
   */
  maxStake: {
    /**
     * Largest stake in major units.
     */
    [k: string]: number;
  };
}
/**
 * A casino tournament: every settled real-money round of a qualifying game in the window scores points for its player (automatically entered); at the end the prizes are paid by rank.
 */
export interface CasinoTournament {
  /**
   * The tournament is listed, scores and pays; off, it is neither listed nor scored nor paid.
   */
  enabled: boolean;
  /**
   * The tournament's name per language code; a language without one shows the English name, else the first listed.
   */
  names: {
    /**
     * The name in this language.
     */
    [k: string]: string;
  };
  /**
   * Start of the window (UTC, ISO 8601 ending in Z): rounds settled from then on score.
   */
  startsAt: string;
  /**
   * End of the window (UTC, exclusive): rounds settled from then on do not score; the prizes are paid once it has passed.
   */
  endsAt: string;
  /**
   * Only rounds staked in this currency score; the prizes are paid in it.
   */
  currency: string;
  games: CasinoTournamentGames;
  /**
   * Smallest stake of a round that scores, major units of the currency (0: any).
   */
  minStake: number;
  points: CasinoTournamentPoints;
  /**
   * Prizes by rank, first place first: paid to the players' main wallets from the brand's bonus cost account once the window has ended; ranks without a player are not paid.
   *
   * @minItems 1
   * @maxItems 100
   *
   * Items: The prize of this rank, major units of the currency.
   */
  prizes: number[];
}
/**
 * The qualifying games: a game of the brand's lobby qualifies when its id, one of its categories or its provider is listed; all three empty, every game of the lobby qualifies.
 */
export interface CasinoTournamentGames {
  /**
   * Games that qualify by id.
   *
   * Items: A game id of the catalogue.
   */
  gameIds: string[];
  /**
   * Games that qualify by category (any of the game's categories).
   *
   * Items: A category slug.
   */
  categories: string[];
  /**
   * Games that qualify by provider.
   *
   * Items: A provider id of the lobby.
   */
  providers: number[];
}
/**
 * How a qualifying round scores.
 */
export interface CasinoTournamentPoints {
  /**
   * stake: perUnit points per major unit staked (rounded down); win-multiplier: a round whose win is at least minMultiplier times its stake scores its multiplier (win / stake, rounded down) times perUnit.
   */
  rule: 'stake' | 'win-multiplier';
  /**
   * Points per major unit staked (stake) or per whole multiple won (win-multiplier).
   */
  perUnit: number;
  /**
   * win-multiplier: the smallest win / stake that scores.
   */
  minMultiplier: number;
}
/**
 * Embedding of the site in a parent window.
 */
export interface IframeSection {
  /**
   * The site may be embedded by the allowed parents.
   */
  enabled: boolean;
  /**
   * Origins allowed to frame the site; feeds the CSP frame-ancestors header (empty means 'self' only).
   *
   * Items: An origin: scheme, host and optional port, no path.
   */
  allowedParents: string[];
  /**
   * Hide the header when embedded. Planned, not honoured yet: embedding in a parent window.
   */
  hideHeader: boolean;
  /**
   * Hide the bottom navigation when embedded. Planned, not honoured yet: embedding in a parent window.
   */
  hideBottomNavigation: boolean;
  /**
   * Share route and UI state with the parent window. Planned, not honoured yet: embedding in a parent window.
   */
  sharedState: boolean;
}
/**
 * Toto (pool betting) settings. Planned, not honoured yet: toto pool betting.
 */
export interface TotoSection {
  /**
   * Toto is offered.
   */
  enabled: boolean;
  /**
   * Toto types offered, in order.
   *
   * Items: Toto type id.
   */
  types: string[];
}
/**
 * Information pages (rules, contacts, policies) and their switches.
 */
export interface InformationSection {
  /**
   * Information pages keyed by page id. A page switched on is offered where the brand has written it: brands/<id>/content/<lng>/<page>.md (a closed Markdown subset, parsed and checked on the server; libs/server/pages README); one it has not written answers 404. The licence page and the betting calculator are off by default: no brand writes them yet.
   */
  pages: {
    [k: string]: InformationPage;
  };
  /**
   * Amount above which the about page shows the over-amount text. Planned, not honoured yet: the about page's over-amount text.
   */
  overAmount: number;
}
/**
 * An information page.
 */
export interface InformationPage {
  /**
   * The page is reachable and linked.
   */
  enabled: boolean;
  /**
   * Translation key of the page title. Planned, not honoured yet: a page title other than the content file's heading.
   */
  langKey?: string;
  /**
   * Open this address instead of the built-in page. Planned, not honoured yet: information pages kept on another site.
   */
  externalUrl?: string;
  /**
   * Languages the page is offered in (codes of global.languages); absent means every language of the site. The page in another language redirects to the brand's default language, where it is always offered (route metadata allowed-languages, spec section 2).
   *
   * @minItems 1
   */
  languages?: string[];
}
/**
 * Footer link sections, payment and social icons, licence text.
 */
export interface FooterSection {
  /**
   * Link sections keyed by id.
   */
  sections: {
    [k: string]: FooterLinkSection;
  };
  /**
   * Payment method icons, in order. Planned, not honoured yet: footer payment and social icons (issue 16).
   *
   * Items: Payment method icon name.
   */
  payments: string[];
  /**
   * Social network profile links keyed by network. Planned, not honoured yet: footer payment and social icons (issue 16).
   */
  socials: {
    /**
     * Profile address.
     */
    [k: string]: string;
  };
  /**
   * Translation key of the licence text.
   */
  licenceTextKey: string;
  /**
   * Show the 18+ badge.
   */
  showAgeBadge: boolean;
  /**
   * Show SEO links. Planned, not honoured yet: SEO links and texts.
   */
  seoLinks: boolean;
}
/**
 * A column of footer links.
 */
export interface FooterLinkSection {
  /**
   * Translation key of the column title.
   */
  titleKey: string;
  /**
   * Sort order, lowest first.
   */
  order: number;
  /**
   * The column is shown.
   */
  enabled: boolean;
  /**
   * Links keyed by id.
   */
  links: {
    [k: string]: FooterLink;
  };
}
/**
 * A footer link.
 */
export interface FooterLink {
  /**
   * Translation key of the text.
   */
  langKey: string;
  /**
   * Path within the site or an https address.
   */
  link: string;
  /**
   * Sort order, lowest first.
   */
  order: number;
  /**
   * The link is shown.
   */
  enabled: boolean;
}
/**
 * Header navigation and header widgets.
 */
export interface HeaderSection {
  /**
   * Header navigation items keyed by id. Live casino, virtual sports, toto, promotions, results and statistics have no page on the platform yet, so their items are off by default: switching one on links a page that answers 404 (issue 16).
   */
  navItems: {
    [k: string]: NavItem;
  };
  /**
   * Items shown before the rest move to a 'more' menu.
   */
  maxVisibleNavItems: number;
  /**
   * Space in pixels kept free beside the navigation before items overflow. Planned, not honoured yet: bettor experience (issue 16).
   */
  navIndent: number;
  /**
   * Show country flags in the language picker. Planned, not honoured yet: language picker (issue 16).
   */
  countryFlags: boolean;
  /**
   * Show the bonus icon. Planned, not honoured yet: promotions and bonuses.
   */
  bonusIcon: boolean;
  /**
   * Show the tournaments entry. Planned, not honoured yet: promotions and bonuses.
   */
  tournaments: boolean;
  /**
   * Show the site clock. Planned, not honoured yet: bettor experience (issue 16).
   */
  clock: boolean;
}
/**
 * A header navigation item.
 */
export interface NavItem {
  /**
   * Translation key of the label (namespace:key).
   */
  langKey: string;
  /**
   * Path within the site (without the language segment) or an https address.
   */
  link: string;
  /**
   * Icon name in the sprite. Planned, not honoured yet: bettor experience (issue 16).
   */
  icon?: string;
  /**
   * Sort order, lowest first.
   */
  order: number;
  /**
   * The item is shown.
   */
  enabled: boolean;
  /**
   * Badge shown on the item. Planned, not honoured yet: bettor experience (issue 16).
   */
  badge?: 'new' | 'hot' | 'live';
  /**
   * Shown only to signed-in players.
   */
  requiresAuth: boolean;
}
/**
 * Promotions, bonuses and promo modals.
 */
export interface PromoSection {
  /**
   * Promotions pages are offered.
   */
  enabled: boolean;
  /**
   * Visitors who are not signed in see the promotions area and its promo links (home page); false shows offers to signed-in players only (Ontario: jurisdiction rule ONAGCO-ADV-1).
   */
  guestsSeeOffers: boolean;
  /**
   * Page opened from the bonus popup. Planned, not honoured yet: promotions and bonuses.
   */
  bonusPopupLink: string;
  /**
   * Promo modals offered on this site (for example IDENTIFICATION_BONUS). Planned, not honoured yet: promotions and bonuses.
   *
   * Items: Modal name.
   */
  modalNames: string[];
  /**
   * Offer a welcome bonus at registration. Planned, not honoured yet: promotions and bonuses.
   */
  welcomeBonus: boolean;
  /**
   * Promo code pages in the office. Planned, not honoured yet: promotions and bonuses.
   */
  promoCodes: boolean;
  /**
   * Cashback offers. Planned, not honoured yet: promotions and bonuses.
   */
  cashback: boolean;
  /**
   * Loyalty tiers (copper to platinum). Planned, not honoured yet: promotions and bonuses.
   */
  loyalty: boolean;
}
/**
 * Sign-in methods, social login, two-factor and auto log-off.
 */
export interface AuthSection {
  methods: AuthMethods;
  /**
   * Tab selected first in the sign-in form.
   */
  defaultMethod: 'email' | 'phone' | 'sms' | 'id';
  /**
   * Sign-in with social networks.
   */
  social: {
    /**
     * Social sign-in is offered.
     */
    enabled: boolean;
    /**
     * Providers offered, in order.
     *
     * Items: Provider.
     */
    providers: (
      | 'vk'
      | 'ok'
      | 'yandex'
      | 'mailru'
      | 'telegram'
      | 'google'
      | 'fb'
      | 'kakaotalk'
      | 'itsme'
      | 'twitch'
      | 'metamask'
      | 'line'
      | 'linkedin'
      | 'discord'
    )[];
  };
  /**
   * Players may enable two-factor authentication.
   */
  twoFactor: boolean;
  /**
   * Offer one-tap sign-in. Planned, not honoured yet: one-tap sign-in.
   */
  oneTap: boolean;
  /**
   * Sign-in opens as a modal or a page. Planned, not honoured yet: sign-in as a page or a modal (issue 16).
   */
  modalType: 'modal' | 'page';
  /**
   * Automatic sign-out after inactivity.
   */
  autoLogoff: {
    /**
     * Sign players out after inactivity.
     */
    enabled: boolean;
    /**
     * Minutes of inactivity after which the server ends the session (when enabled); the site warns a minute before.
     */
    minutes: number;
    /**
     * Whole lifetime of a session from sign-in, however active, whether or not inactivity sign-out is enabled; the server's session.ttlMinutes caps it.
     */
    lifetimeMinutes: number;
  };
  /**
   * Offer the VIP domain sign-in depending on the visitor's country. Planned, not honoured yet: VIP domain sign-in by country.
   */
  vipDomainAuthByGeo: boolean;
}
/**
 * Sign-in identifier kinds and their switches.
 */
export interface AuthMethods {
  email: FeatureSwitch;
  phone: FeatureSwitch;
  sms: FeatureSwitch;
  id: FeatureSwitch;
}
/**
 * Personal account area (office) pages and rules.
 */
export interface OfficeSection {
  /**
   * Office pages keyed by page id.
   */
  pages: {
    [k: string]: FeatureSwitch;
  };
  /**
   * The office's casino history page, linked from the office menu where the casino is on (modules.casino.enabled).
   */
  casinoLink: string;
  /**
   * Players may hold accounts in several currencies. Planned, not honoured yet: currency accounts and transfers (issue 13).
   */
  multiAccount: boolean;
  /**
   * Office pages that ignore the active extra currency account. Planned, not honoured yet: currency accounts and transfers (issue 13).
   *
   * Items: Office page id.
   */
  nonMultiAccountSections: string[];
  /**
   * Fields a player must fill, keyed by document type. Planned, not honoured yet: identity verification (issue 13).
   */
  requiredDocumentFields: {
    /**
     * Fields required for this document type.
     *
     * Items: Field name.
     */
    [k: string]: string[];
  };
  /**
   * Payment methods shown at registration and deposit before 'more'. Planned, not honoured yet: deposit and withdrawal method picker (issue 13).
   */
  paymentsShown: number;
}
/**
 * Third-party services: analytics, statistics widget, partitions.
 */
export interface ThirdPartySection {
  /**
   * First-party analytics events and session recording.
   */
  analytics: {
    /**
     * Send analytics events (page views), only while the visitor's cookie consent allows marketing (level 2 or 3; ADR 0371).
     */
    enabled: boolean;
    /**
     * Interval between event sends.
     */
    sendIntervalMs: number;
    /**
     * Events per request.
     */
    eventsPerSend: number;
    /**
     * Most analytics requests a page sends per second. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    requestsPerSecond: number;
    /**
     * Inactivity after which a session expires. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    sessionTimeoutSeconds: number;
    /**
     * How often the page checks whether its session has expired. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    sessionCheckSeconds: number;
    /**
     * How often the A/B test assignments are fetched again. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    abTestRefreshMinutes: number;
    /**
     * Events waiting longer than this while the page is idle are sent at once. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    idleFlushSeconds: number;
    /**
     * Events buffered before the buffer is sent regardless of the interval. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    bufferFlushEvents: number;
    /**
     * Sampling interval of pointer and scroll movements in session recording. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    samplingMs: number;
    /**
     * Record sessions (inputs masked). Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    sessionRecording: boolean;
    /**
     * Session recording masks what is typed into inputs. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
     */
    maskInputs: boolean;
    eventIds: AnalyticsEventIds;
    performance: PerformanceReporting;
  };
  /**
   * The embeddable statistics widget. Planned, not honoured yet: embeddable statistics widget (apps/stats-widget).
   */
  statisticsWidget: {
    /**
     * Widget is offered.
     */
    enabled: boolean;
    /**
     * Minimum frame height in pixels (mh).
     */
    minHeight: number;
  };
  /**
   * Third-party partitions (games, lotteries) offered. Planned, not honoured yet: third-party games and lotteries, casino (issue 15).
   *
   * Items: Partition id.
   */
  partitions: string[];
}
/**
 * Ids of the goal events in the brand's analytics project. Planned, not honoured yet: analytics event sending, honouring cookie consent (issue 16).
 */
export interface AnalyticsEventIds {
  /**
   * A completed registration.
   */
  registration: number;
  /**
   * A sign-in.
   */
  login: number;
  /**
   * An accepted bet.
   */
  successfulBet: number;
  /**
   * An account's first deposit.
   */
  firstDeposit: number;
  /**
   * Every later deposit.
   */
  reDeposit: number;
}
/**
 * Page performance measured in browsers and reported with the analytics events.
 */
export interface PerformanceReporting {
  thresholds: PerformanceThresholds;
  /**
   * Longest wait for a page load to complete before it is reported as it stands. Planned, not honoured yet: reporting of page loads that never complete.
   */
  pageLoadWaitCapMs: number;
  /**
   * Moments after navigation at which the largest contentful paint so far is reported, in ascending order.
   *
   * @minItems 1
   * @maxItems 10
   *
   * Items: Milliseconds after navigation.
   */
  largestPaintWaitsMs: number[];
}
/**
 * Where each measure stops being good and becomes poor; between the two it is rated needs-improvement.
 */
export interface PerformanceThresholds {
  firstContentfulPaintMs: PerformanceThreshold;
  cumulativeLayoutShift: PerformanceThreshold;
  firstInputDelayMs: PerformanceThreshold;
  largestContentfulPaintMs: PerformanceThreshold;
  timeToFirstByteMs: PerformanceThreshold;
}
/**
 * A measure is good up to `good`, poor above `poor`, and needs improvement between them.
 */
export interface PerformanceThreshold {
  /**
   * Largest value still rated good.
   */
  good: number;
  /**
   * Values above this are rated poor.
   */
  poor: number;
}
/**
 * Bring-a-friend (referral) programme. Planned, not honoured yet: bring-a-friend referral programme.
 */
export interface BringFriendSection {
  /**
   * The programme is offered.
   */
  enabled: boolean;
  /**
   * Page layout: 0 first, 1 second.
   */
  pageView: 0 | 1;
  /**
   * Rules page.
   */
  rulesLink: string;
}
/**
 * Registration variants, minimum age and phone rules.
 */
export interface RegistrationSection {
  /**
   * New players may register.
   */
  enabled: boolean;
  variants: RegistrationVariants;
  /**
   * Variant shown first; must be enabled.
   */
  defaultVariant: 'fast' | 'phone' | 'full' | 'short' | 'social' | 'v1' | 'custom' | 'payAndPlay';
  /**
   * Minimum age of a player in years.
   */
  minAge: number;
  phone: RegistrationPhoneRules;
  countryCheck: RegistrationCountryCheck;
  /**
   * Show the promo code field.
   */
  promoCodeField: boolean;
  /**
   * Show the welcome modal after registration.
   */
  welcomeModal: boolean;
  /**
   * Page opened after registration.
   */
  redirectAfter: string;
}
/**
 * Registration variants keyed by id.
 */
export interface RegistrationVariants {
  fast: RegistrationVariant;
  phone: RegistrationVariant;
  full: RegistrationVariant;
  short: RegistrationVariant;
  social: RegistrationVariant;
  v1: RegistrationVariant;
  custom: RegistrationVariant;
  payAndPlay: RegistrationVariant;
}
/**
 * A registration variant.
 */
export interface RegistrationVariant {
  /**
   * The variant is offered.
   */
  enabled: boolean;
  /**
   * Tab order, lowest first.
   */
  order: number;
  /**
   * Fields the form shows and requires beyond the variant's own, named as on the wire (snake_case): the server and the form read the same names.
   */
  requiredFields?: RegistrationField[];
}
/**
 * Phone number rules (spec sections 3 and 5), read by the server's validation and the browser's phone field alike.
 */
export interface RegistrationPhoneRules {
  /**
   * Fewest digits of any phone number, and of a country's national number when its rule has no Min.
   */
  minDigits: number;
  /**
   * Most digits of a phone number whose country has no rule (and no known example number).
   */
  maxDigits: number;
  countries: PhoneCountryRules;
  customRules: PhoneCustomRules;
}
/**
 * The validation rule of each country, keyed by ISO 3166-1 alpha-2 code in upper case. A layer changes one field of one country (countries.KZ.Max), adds a country, or removes one with null.
 */
export interface PhoneCountryRules {
  [k: string]: PhoneCountryRuleSetting;
}
/**
 * A country of the phone validation list (spec section 3: CountryId, Mask, Min, Max). Digit counts are of the national number, without the calling code.
 */
export interface PhoneCountryRuleSetting {
  /**
   * The platform's country id; custom rules name it as fields.country_id. The defaults use ISO 3166-1 numeric codes.
   */
  CountryId: number;
  /**
   * Calling code without the plus, e.g. 7.
   */
  PhoneCode?: string;
  /**
   * Example of the national format with dashes between groups (912-345-67-89); every digit is a slot of the input mask.
   */
  Mask?: string;
  /**
   * Fewest national digits (phone_min_length); default registration.phone.minDigits.
   */
  Min?: number;
  /**
   * Most national digits (equal_length); default the digits of Mask.
   */
  Max?: number;
  /**
   * Digits a national number may start with (9 for Russian mobiles); an empty string turns the check off.
   */
  FirstDigits?: string;
}
/**
 * Extra checks keyed by an id the operator chooses: when the national digits of a number of fields.country_id match fields.phone, action.message is the error.
 */
export interface PhoneCustomRules {
  [k: string]: PhoneCustomRuleSetting;
}
/**
 * A phone rule entry (spec section 3): a condition on the country and the digits, and the message it gives.
 */
export interface PhoneCustomRuleSetting {
  /**
   * What the rule matches.
   */
  fields: {
    /**
     * CountryId of the country the rule applies to.
     */
    country_id: number;
    /**
     * Regular expression tested against the national digits; a match gives the message.
     */
    phone: string;
  };
  /**
   * What a match does.
   */
  action: {
    /**
     * Dictionary key of the error message.
     */
    message: string;
  };
}
/**
 * The country a player registers with sets tax, cash-out and the other rules of their account; the server compares it with the country of the request's IP address (MaxMind GeoLite2 data shipped offline in the geoip-country package; ADR 0195). Where the brand also serves the IP's country, the stricter setting of the two countries applies. A flagged account is recorded as needing verification (accounts_country_checks, security event country_verification_required); the country can afterwards only change through verification.
 */
export interface RegistrationCountryCheck {
  /**
   * The IP's country is known and is not the declared one: refuse the registration (403, field country), or accept it and flag the account for verification.
   */
  mismatch: 'refuse' | 'flag';
  /**
   * The IP has no country: loopback, private or reserved addresses (a proxy in front of a server without TRUST_PROXY), or an address the data does not place. Accept, accept and flag the account for verification, or refuse.
   */
  unknown: 'accept' | 'flag' | 'refuse';
}
/**
 * A site-wide event campaign (for example a tournament) that changes headers and banners. Planned, not honoured yet: home page campaigns and banner widgets (issue 16).
 */
export interface GlobalEventSection {
  /**
   * The campaign is running.
   */
  enabled: boolean;
  /**
   * Campaign id, such as fifa-cwc-2025.
   */
  id?: string;
  /**
   * Translation key of the campaign name.
   */
  nameKey?: string;
  /**
   * Start (UTC, ISO 8601).
   */
  from?: string;
  /**
   * End (UTC, ISO 8601).
   */
  to?: string;
  /**
   * Betting menu section of the campaign.
   */
  menuSection?: string;
}
/**
 * Banner widgets (v1, v2) and their configuration.
 */
export interface BannerWidgetsSection {
  v1: FeatureSwitch;
  v2: FeatureSwitch;
  /**
   * Behaviour of the banner carousel. Planned, not honoured yet: home page banner carousel.
   */
  config: {
    /**
     * Time per slide; 0 stops autoplay.
     */
    autoplayMs: number;
    /**
     * Most banners in the carousel.
     */
    maxBanners: number;
  };
  homeBlocks: HomeBlocks;
}
/**
 * The home page's blocks, keyed by block id: which are shown, in which order (lowest first) and how many items each lists. The first shown block is server-rendered as the first screen; the others load as they scroll into view.
 */
export interface HomeBlocks {
  liveNow: HomeBlock;
  featured: HomeBlock;
  topLeagues: HomeBlock;
  casino: HomeBlock;
}
/**
 * One block of the home page.
 */
export interface HomeBlock {
  /**
   * The block is shown.
   */
  enabled: boolean;
  /**
   * Place on the page; lower comes first, ties by block id.
   */
  order: number;
  /**
   * Most items the block lists.
   */
  limit: number;
}
/**
 * Translation dictionary version, language and caching.
 */
export interface DictionarySection {
  /**
   * Dictionary version; a change invalidates cached translations in browsers. Planned, not honoured yet: translations served by the server with versioned browser caching.
   */
  version: string;
  /**
   * Language of the dictionary; the resolver sets it to the resolved language. Planned, not honoured yet: translations served by the server with versioned browser caching.
   */
  language?: string;
  /**
   * Browser cache of translations (15 minutes). Planned, not honoured yet: translations served by the server with versioned browser caching.
   */
  cacheMs: number;
}
/**
 * Look-and-feel switches that are not theme primitives: ui style, notifications, compact view.
 */
export interface CustomizeSection {
  /**
   * Players may switch between light and dark. Planned, not honoured yet: light and dark theme switch (issue 16).
   */
  themeSwitch: boolean;
  /**
   * Players may choose a compact view. Planned, not honoured yet: bettor experience (issue 16).
   */
  compactView: boolean;
  /**
   * Players may change the font size. Planned, not honoured yet: bettor experience (issue 16).
   */
  fontSizeSwitch: boolean;
  notifications: NotificationSettings;
  multiSelect: MultiSelectSettings;
  /**
   * Placeholder rows shown while a list loads. Planned, not honoured yet: bettor experience (issue 16).
   */
  skeletonItems: number;
  /**
   * Delay before a tooltip opens on hover. Planned, not honoured yet: bettor experience (issue 16).
   */
  hoverTooltipMs: number;
  cookieConsent: CookieConsentSettings;
}
/**
 * Toast notifications.
 */
export interface NotificationSettings {
  /**
   * Time a notification stays. Planned, not honoured yet: bettor experience (issue 16).
   */
  durationMs: number;
  /**
   * Width in pixels.
   */
  width: number;
  /**
   * Corner of the screen; left and right are mirrored in right-to-left languages (start and end of the line).
   */
  position: 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
}
/**
 * Drop-down lists that allow several choices (sports, championships, countries). Planned, not honoured yet: bettor experience (issue 16).
 */
export interface MultiSelectSettings {
  /**
   * Height of the open list before it scrolls.
   */
  maxHeightPx: number;
  /**
   * Height of one option (at least the 24 px touch target).
   */
  optionHeightPx: number;
  /**
   * Most options rendered at once; the rest are reached by typing to filter.
   */
  optionsLimit: number;
  /**
   * Most chosen options listed in the closed field before it shows a count instead.
   */
  showLimit: number;
}
/**
 * The cookie-consent banner. Levels (spec): 0 disable (strictly necessary only), 1 only functionality, 2 only marketing (analytics and advertising), 3 all.
 */
export interface CookieConsentSettings {
  /**
   * Ask every visitor who has not chosen yet; off applies defaultLevel without asking (only where the law allows).
   */
  banner: boolean;
  /**
   * Level in force until the visitor chooses (or always, when the banner is off).
   */
  defaultLevel: 0 | 1 | 2 | 3;
  /**
   * Days the visitor's choice is remembered before they are asked again.
   */
  rememberDays: number;
}
/**
 * Captcha provider and its public settings (the secret key is server-only).
 */
export interface CaptchaSection {
  /**
   * Captcha provider; none disables captcha. hcaptcha and grecaptcha need their secret on the server (server.json captcha.secretKeyEnv), else the platform switches the brand to altcha, the built-in proof-of-work check (ADR 0210); huntCaptcha and painPuzzle are the built-in slider puzzle, with altcha as its accessible path.
   */
  type: 'none' | 'hcaptcha' | 'huntCaptcha' | 'painPuzzle' | 'grecaptcha' | 'altcha';
  /**
   * Public site key of the provider.
   */
  publicKey?: string;
  /**
   * Language of the widget; absent means the page language.
   */
  lng?: string;
  /**
   * Actions protected by the captcha.
   *
   * Items: Protected action.
   */
  actions: ('login' | 'registration' | 'passwordChange' | 'passwordReset' | 'phoneChange')[];
  /**
   * Polling interval while the provider script loads.
   */
  scriptPollMs: number;
  /**
   * Polls before giving up on the script.
   */
  scriptPollTries: number;
  /**
   * How often the page checks whether the reCAPTCHA challenge frame is still open (grecaptcha only). Planned, not honoured yet: reCAPTCHA (grecaptcha) challenge-frame watch.
   */
  frameCheckMs: number;
}
/**
 * Responsible gambling, enforced by the server (libs/server/responsible README): the limits a player sets and their cooling-off, reality checks, time-out, self-exclusion and the panic button, what the header shows, and the national exclusion register and cross-operator deposit limit consulted. Jurisdiction profiles write floors over these settings.
 */
export interface ResponsibleSection {
  realityCheck: RealityCheck;
  /**
   * The responsible-gambling office page offers the limits of `limitTypes`; off, the player cannot set limits on this site.
   */
  limitsVisible: boolean;
  /**
   * Limit types a player may set. The server refuses a limit of another type.
   *
   * Items: Limit type: deposit, loss and wager amounts per day, week and month; session minutes; timeout: the player may take a time-out of 24 hours to 6 weeks.
   */
  limitTypes: ('deposit' | 'loss' | 'wager' | 'session' | 'timeout')[];
  /**
   * Limit types the player must have set before the first deposit or bet (Germany: a deposit limit; the Netherlands: deposit and session-time limits). Until each is set, deposits and bets are refused with limits_required (1612) and the page sends the player to the limits; a default limit (defaultLimits) counts as set.
   *
   * Items: A limit type of limitTypes.
   */
  limitsBeforePlay: ('deposit' | 'loss' | 'wager' | 'session')[];
  /**
   * Hours before raising or removing a limit takes effect (lowering takes effect at once). Jurisdictions set a floor (24 hours, 7 days, 3 months).
   */
  coolingOffHours: number;
  defaultLimits: DefaultLimits;
  /**
   * Players may exclude themselves for 6 months to 5 years, or permanently.
   */
  selfExclusion: boolean;
  /**
   * Offer the panic button: one click, without confirmation, locks betting, deposits and casino play for 24 hours.
   */
  panicButton: boolean;
  /**
   * Gambling help organisation.
   */
  helplineUrl?: string;
  /**
   * Show the time since sign-in in the header (sports and casino).
   */
  showSessionTimer: boolean;
  /**
   * Show the net position of the session (winnings minus stakes) in the header (sports and casino).
   */
  showNetPosition: boolean;
  exclusionRegister: ExclusionRegisterSettings;
  crossOperatorDepositLimit: CrossOperatorDepositLimitSettings;
  affordabilityCheck?: AffordabilityCheckSettings;
  activityFile?: ActivityFileSettings;
}
/**
 * Periodic reminder of play time, amount wagered and net position; the server keeps the session start and the last acknowledgement, so the clock runs across tabs and reloads.
 */
export interface RealityCheck {
  /**
   * Show reality checks.
   */
  enabled: boolean;
  /**
   * Minutes between reminders.
   */
  intervalMinutes: number;
}
/**
 * Limits every account starts with, before the player sets any (Spain's 600/1,500/3,000 euros). A default counts as the player's own limit: lowering it applies at once, raising or removing it waits coolingOffHours; the office lists it with the others.
 */
export interface DefaultLimits {
  deposit: DefaultDepositLimits;
}
/**
 * Default deposit limits per calendar period (in the brand's time zone, global.timezone) and currency; a period or currency without an entry has none.
 */
export interface DefaultDepositLimits {
  /**
   * Per currency code: the daily deposit limit an account in that currency starts with.
   */
  day: {
    /**
     * The daily limit in this currency, in major units.
     */
    [k: string]: number;
  };
  /**
   * Per currency code: the weekly deposit limit an account in that currency starts with.
   */
  week: {
    /**
     * The weekly limit in this currency, in major units.
     */
    [k: string]: number;
  };
  /**
   * Per currency code: the monthly deposit limit an account in that currency starts with.
   */
  month: {
    /**
     * The monthly limit in this currency, in major units.
     */
    [k: string]: number;
  };
}
/**
 * A national self-exclusion register (GAMSTOP, OASIS) checked at registration and sign-in; a listed person cannot open or use an account.
 */
export interface ExclusionRegisterSettings {
  /**
   * Check the register at registration and at sign-in.
   */
  enabled: boolean;
  /**
   * Which register the server asks (its port by id); outside production the sandbox register answers for every id.
   */
  register: string;
  /**
   * When the register does not answer in time or fails: true refuses the registration or sign-in (the safe default), false lets it through and logs it.
   */
  failClosed: boolean;
}
/**
 * A cross-operator deposit-limit system (Germany's LUGAS) asked before each deposit; it knows the player's monthly limit across every operator.
 */
export interface CrossOperatorDepositLimitSettings {
  /**
   * Ask the system before each deposit and report each deposit to it.
   */
  enabled: boolean;
  /**
   * When the system is unavailable: true refuses the deposit, false lets it through.
   */
  failClosed: boolean;
}
/**
 * Monthly deposit thresholds by age (the Netherlands' duty of care, NLKSA-NL-1): a deposit that would take the calendar month's deposits past the player's threshold is refused (affordability_check_required) until compliance has recorded that the player can afford more (`npx tessera affordability record`).
 */
export interface AffordabilityCheckSettings {
  /**
   * Refuse deposits past the threshold until an affordability check is recorded.
   */
  enabled: boolean;
  /**
   * Per currency: the monthly deposits an adult (youngAdultUnderAge or older) may make without a check; a currency not listed has no threshold.
   */
  adultMonthly: {
    /**
     * The threshold in major units.
     */
    [k: string]: number;
  };
  /**
   * Per currency: the monthly deposits a young adult (younger than youngAdultUnderAge, or of unknown age) may make without a check.
   */
  youngAdultMonthly: {
    /**
     * The threshold in major units.
     */
    [k: string]: number;
  };
  /**
   * A player younger than this (by the verified, else the declared, date of birth) is a young adult.
   */
  youngAdultUnderAge: number;
}
/**
 * A cross-operator activity file (Germany's Aktivitätsdatei, DEGGL-PP-1): before a player's first stake of a session the server registers them as playing here; a player playing with another operator is refused (parallel_play), and signing out ends the registration.
 */
export interface ActivityFileSettings {
  /**
   * Register play in the activity file and refuse a player active elsewhere.
   */
  enabled: boolean;
  /**
   * When the activity file is unavailable: true refuses the stake, false lets it through.
   */
  failClosed: boolean;
}
/**
 * Money out and player accounts, enforced by the server (libs/server/wallet README): withdrawals, currency accounts and transfers between them. Jurisdiction profiles write floors over these settings.
 */
export interface CashierSection {
  deposits: DepositSettings;
  withdrawals: WithdrawalSettings;
  currencyAccounts: CurrencyAccountSettings;
}
/**
 * Which cards players may deposit with, and the amounts the deposit form offers.
 */
export interface DepositSettings {
  /**
   * Card fundings refused for deposits (Great Britain refuses credit cards, UKGC-CC-1): the payment provider reads the funding from the card's BIN and refuses such a card before charging it (422 deposit_refused 1040, field card.number).
   *
   * Items: A card funding: credit, debit or prepaid.
   */
  refusedCardTypes: ('credit' | 'debit' | 'prepaid')[];
  /**
   * Per currency: the amounts the deposit form offers as one-tap buttons beside the amount field; a currency without an entry shows none.
   */
  quickAmounts: {
    /**
     * The amounts, in the order shown.
     *
     * @maxItems 6
     *
     * Items: An amount in major units of the currency.
     */
    [k: string]: number[];
  };
}
/**
 * How players take money out: the amount the server accepts, which withdrawals wait for a person, whether the player may cancel, and where the money may go.
 */
export interface WithdrawalSettings {
  /**
   * Per currency: withdrawals up to this amount are approved at once and sent to the payment provider; larger ones (and every one in a currency not listed) wait for a person (`tessera withdrawal approve|reject`).
   */
  autoApproveMax: {
    /**
     * Largest amount, in major units, approved without a person.
     */
    [k: string]: number;
  };
  /**
   * Per currency: the smallest withdrawal the server accepts; 1.00 in a currency not listed.
   */
  minAmount: {
    /**
     * Smallest withdrawal in major units.
     */
    [k: string]: number;
  };
  /**
   * The player may cancel a withdrawal that has not yet been sent to the payment provider (the reserve goes back to the main account). Some jurisdictions forbid reversing a withdrawal.
   */
  playerMayCancel: boolean;
  /**
   * Pay out only to a card the player deposited with (closed loop, as anti-money-laundering rules require); off, the player may also name another card. Planned, not honoured yet: payouts to a card not deposited with: needs a card vault at the payment provider (issue 13).
   */
  closedLoop: boolean;
}
/**
 * Accounts in several of the brand's currencies (global.currencies) and transfers between a player's own accounts at the rates provider's rates.
 */
export interface CurrencyAccountSettings {
  /**
   * Players may open accounts in the brand's other currencies, choose the active one and transfer between them; off, each player has the one account of registration.
   */
  enabled: boolean;
  /**
   * How long a transfer quote (the rate shown to the player) holds; after it the player must ask again.
   */
  quoteSeconds: number;
  /**
   * A rate older than this is stale: the transfer is refused (rate_unavailable) rather than priced on it.
   */
  maxRateAgeSeconds: number;
}
/**
 * Identity verification (know your customer): the documents a player uploads, what a complete submission holds, and what is refused until compliance has verified the player (libs/server/verification README). A jurisdiction profile may set floors over these values.
 */
export interface VerificationSection {
  /**
   * A submission needs a selfie (a photo of the player holding the identity document) beside the identity document; otherwise a selfie is optional.
   */
  selfieRequired: boolean;
  /**
   * A submission needs a proof of address (a utility bill or bank statement) beside the identity document.
   */
  proofOfAddressRequired: boolean;
  /**
   * Largest document file accepted, in bytes (at most 20 MiB); a larger upload is refused and nothing is stored.
   */
  maxFileBytes: number;
  /**
   * Documents one account may hold (uploaded, waiting and verified ones; a rejected submission's documents do not count); an upload beyond it is refused.
   */
  maxDocuments: number;
  /**
   * Upload attempts one account may make per hour, refused or not; beyond it the answer is 429 with Retry-After.
   */
  uploadsPerHour: number;
  requiredBefore: VerificationRequiredBefore;
}
/**
 * What waits for a verified identity. Refusals carry the error codes of the README (1701 to 1704) and the office page says what is blocked and why.
 */
export interface VerificationRequiredBefore {
  /**
   * No deposit and no bet before the player is verified (verification before gambling, as UK licence condition 17 asks).
   */
  deposit: boolean;
  /**
   * No withdrawal before the player is verified (the first one included). A brand that switches a rule on also switches on office.pages.verification, where the player uploads documents.
   */
  withdrawal: boolean;
  /**
   * Days after registration within which the player must be verified; after them deposits and bets are refused until verified. Absent: no deadline.
   */
  deadlineDays?: number;
  /**
   * Per currency code: the total of the player's deposits in that currency beyond which a deposit waits for verification. A currency without an entry has no threshold.
   */
  depositThreshold: {
    /**
     * Cumulative deposits allowed in this currency before verification, in major units.
     */
    [k: string]: number;
  };
}
/**
 * Gambling licence shown on the site and the block page.
 */
export interface LicenceSection {
  /**
   * Licence number.
   */
  number?: string;
  /**
   * Authority that issued the licence.
   */
  issuer?: string;
  /**
   * Validation page of the licence.
   */
  url?: string;
  /**
   * The jurisdiction profile (jurisdictions/<id>.json: uk-gc, de-ggl, nl-ksa, es-dgoj, on-agco, none) whose rules are floors under this configuration: a value may be stricter, never looser (docs/adr/0260). Set only in a country file (countries/<iso2>.json), since a licence covers one territory.
   */
  jurisdiction: string;
  /**
   * Translation key of the licence text.
   */
  textKey: string;
  /**
   * The page shown to visitors from blocked countries. Planned, not honoured yet: jurisdiction profiles and the geo block page (issue 13).
   */
  blockPage: {
    /**
     * Background image.
     */
    background?: string;
    /**
     * Address offered to go to instead.
     */
    goToUrl?: string;
  };
  /**
   * Countries shown the block page. Planned, not honoured yet: jurisdiction profiles and the geo block page (issue 13).
   *
   * Items: Country code.
   */
  blockedCountries: string[];
}
/**
 * Settings that belong to no other section: tags-to-pages, statistics popups, scroll and search limits.
 */
export interface OtherSection {
  /**
   * Pages built from feed tags, keyed by id. Planned, not honoured yet: pages built from feed tags.
   */
  tagsToPages: {
    [k: string]: TagToPage;
  };
  /**
   * Statistics popup window. Planned, not honoured yet: statistics popup window (issue 16).
   */
  statisticPopup: {
    /**
     * Open statistics in a new window or a modal.
     */
    mode: 'window' | 'modal';
    /**
     * Window width in pixels.
     */
    width: number;
  };
  /**
   * Most characters in a search field. Planned, not honoured yet: search field limits per brand (issue 16).
   */
  searchMaxLength: number;
  /**
   * Offer voice input in search. Planned, not honoured yet: voice search.
   */
  voiceSearch: boolean;
  /**
   * Items per page in lists. Planned, not honoured yet: bettor experience (issue 16).
   */
  listPageLimit: number;
  scrollToTop: ScrollToTopSettings;
  scroller: ScrollerSettings;
  infiniteScroll: InfiniteScrollSettings;
  /**
   * Time without scrolling after which scrolling counts as paused (deferred work such as odds animations resumes). Planned, not honoured yet: long lists drawn in a scroller (issue 16: line page size).
   */
  scrollPauseMs: number;
  clientStorage: ClientStorageSettings;
  /**
   * Dictionary key of the status 500 page message. Planned, not honoured yet: brand text on the error page (issue 16).
   */
  errorPage500Key: string;
}
/**
 * A page built from a feed tag.
 */
export interface TagToPage {
  /**
   * Menu key of the page.
   */
  menuKey: string;
  /**
   * Feed tag.
   */
  tag: string;
  /**
   * Icon name.
   */
  icon?: string;
  /**
   * Path of the page.
   */
  propLink?: string;
  /**
   * Translation key of the title.
   */
  dictKey?: string;
}
/**
 * The scroll-to-top button (switched by boolean.scrollToTop): when it appears and how it looks.
 */
export interface ScrollToTopSettings {
  /**
   * What the button shows: an arrow, or its translated label (common:scrollToTop.label) as text.
   */
  type: 'arrow' | 'label';
  /**
   * Screen heights scrolled down before the button can appear (it appears on the way back up).
   */
  screens: number;
  /**
   * Within this many pixels of the top the button hides and has to be earned again.
   */
  topOffsetPx: number;
  /**
   * Within this many pixels of the bottom the button hides, so it does not cover the footer.
   */
  bottomOffsetPx: number;
  /**
   * Scroll positions are sampled at most this often.
   */
  throttleMs: number;
}
/**
 * Long lists drawn in a scroller (only the rows near the screen are rendered). Planned, not honoured yet: long lists drawn in a scroller (issue 16: line page size).
 */
export interface ScrollerSettings {
  /**
   * Most items one scroller holds.
   */
  maxItems: number;
  /**
   * Pixels rendered beyond each edge of the visible area.
   */
  bufferPx: number;
  /**
   * Delay before a list re-sorts after its items change, so rows do not jump under the pointer.
   */
  sortDelayMs: number;
  /**
   * Time after the last scroll event before the list counts as no longer scrolled by its scrollbar.
   */
  scrollbarResetMs: number;
}
/**
 * Lists that load their next page as the reader nears their end. Planned, not honoured yet: long lists drawn in a scroller (issue 16: line page size).
 */
export interface InfiniteScrollSettings {
  /**
   * Share of the end marker that must be visible to load the next page (IntersectionObserver threshold).
   */
  threshold: number;
  /**
   * How far beyond the screen the end marker already counts as visible (IntersectionObserver rootMargin).
   */
  rootMargin: string;
  /**
   * Without IntersectionObserver: pixels from the end at which the next page loads.
   */
  nearEndPx: number;
}
/**
 * The browser's key-value store of the site (IndexedDB through a localforage-style store) and the default lifetime of stored values. Planned, not honoured yet: a browser key-value store with lifetimes.
 */
export interface ClientStorageSettings {
  /**
   * Database name.
   */
  name: string;
  /**
   * Store (table) name inside the database.
   */
  storeName: string;
  /**
   * Database version; raising it starts a fresh store in every browser.
   */
  version: number;
  /**
   * Size requested for the store in bytes (4.75 MB).
   */
  sizeBytes: number;
  /**
   * Lifetime of a stored value (such as the coupon) after its last write when the caller gives none (15 minutes); expired values are removed on read.
   */
  defaultExpiryMs: number;
}
/**
 * Plain on/off site flags keyed by name.
 */
export interface BooleanFlags {
  /**
   * Offer the identification bonus modal to unverified players without a deposit. Planned, not honoured yet: identity verification (issue 13).
   */
  identificationBonus: boolean;
  /**
   * Hide the language picker from guests. Planned, not honoured yet: language picker (issue 16).
   */
  languagesHiddenForGuests: boolean;
  /**
   * Show the bonus entry in the header to guests. Planned, not honoured yet: promotions and bonuses.
   */
  bonusInHeaderForGuests: boolean;
  /**
   * Payment information page only for signed-in players. Planned, not honoured yet: information pages with content (issue 16).
   */
  paymentPageOnlyAuthorised: boolean;
  /**
   * Players may keep favourite games.
   */
  favourites: boolean;
  /**
   * Event search.
   */
  search: boolean;
  /**
   * Scroll-to-top button.
   */
  scrollToTop: boolean;
  /**
   * E-mail subscription settings in the office. Planned, not honoured yet: office settings: e-mail subscription.
   */
  emailSubscription: boolean;
  /**
   * Share-an-idea form in the office. Planned, not honoured yet: office: share-an-idea form.
   */
  shareIdea: boolean;
  /**
   * Load SEO texts for pages. Planned, not honoured yet: SEO links and texts.
   */
  seoContent: boolean;
}
