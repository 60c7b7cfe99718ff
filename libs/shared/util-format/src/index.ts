export { floorDecimal, roundDecimal } from './decimal';
export {
  MONEY_DECIMALS,
  MAX_EXACT_MONEY,
  roundMoney,
  floorMoney,
  toMinorUnits,
  fromMinorUnits,
  sumMoney,
  isMoneyAmount,
} from './money';
export { DEFAULT_AMOUNT_TEMPLATE, amountTemplateFor, formatAmount } from './amount';
export type { AmountTemplates, FormatAmountOptions } from './amount';
export { createSiteFormat, intlLocale } from './site-format';
export type { SiteFormat, SiteFormatSettings } from './site-format';
export {
  COEFFICIENT_FORMATS,
  DEFAULT_COEFFICIENT_FORMAT,
  MIN_DECIMAL_ODDS,
  coefficientFormatFromId,
  coefficientFormatId,
  chosenCoefficientFormat,
  formatCoefficient,
  offeredCoefficientFormats,
  parseCoefficient,
  impliedProbability,
  isValidDecimalOdds,
} from './coefficient';
export type { CoefficientFormat } from './coefficient';
export { FRACTIONAL_LADDER } from './fractional-ladder';
export {
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  formatDate,
  formatDateTime,
  formatTime,
  weekStart,
} from './date-time';
export type { DateInput, DateTimeFormatOptions, Weekday } from './date-time';
export { betTypeNameKey } from './bet-type-name';
