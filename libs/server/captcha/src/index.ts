export {
  ALTCHA_ALGORITHM,
  ALTCHA_BASE_MAX_COUNTER,
  ALTCHA_CHALLENGES_PER_STEP,
  ALTCHA_MAX_DOUBLINGS,
  ALTCHA_REQUESTS_PER_MINUTE,
  altchaMaxCounter,
  issueAltchaChallenge,
  verifyAltchaSolution,
  type AltchaChallengeAnswer,
} from './captcha-altcha';
export {
  captchaRefused,
  consumePuzzleToken,
  issueCaptchaToken,
  issuePuzzleChallenge,
  PUZZLE_REQUESTS_PER_MINUTE,
  PUZZLE_TOLERANCE,
  PUZZLE_TTL_MS,
  puzzleGapOf,
  verifyPuzzleAnswer,
  type CaptchaTokenAnswer,
  type PuzzleAnswerBody,
  type PuzzleChallengeAnswer,
} from './captcha-puzzle';
export {
  assertBuiltInCaptcha,
  assertCaptcha,
  effectiveCaptchaKind,
  SERVER_CAPTCHA_PROVIDERS,
  serverCaptchaKind,
  SITEVERIFY_ENDPOINTS,
  siteVerifyCaptcha,
  type CaptchaAction,
  type ServerCaptchaKind,
  type ServerCaptchaProvider,
  type SiteVerifyOptions,
} from './captcha';
export type { CaptchaBrand, CaptchaContext, CaptchaRequest, CaptchaVerifier } from './captcha.context';
export { PUZZLE_TRACK, renderPuzzleImage } from './puzzle-image';
