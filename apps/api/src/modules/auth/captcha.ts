// Moved to @tessera/server/captcha; kept for modules that still import it here (bets/bettor.ts).
export { siteVerifyCaptcha, type CaptchaVerifier } from '@tessera/server/captcha';
