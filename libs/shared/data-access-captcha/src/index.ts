export {
  captchaMachine,
  type CaptchaActorRef,
  type CaptchaContext,
  type CaptchaEmitted,
  type CaptchaEvent,
  type CaptchaInput,
} from './lib/captcha.machine';
export {
  CaptchaDismissedError,
  DISMISSED_CAPTCHA,
  isAltchaChallenge,
  normalizeCaptchaKind,
  type AltchaAnswer,
  type AltchaChallenge,
  type CaptchaChallenge,
  type CaptchaConfig,
  type CaptchaDismissReason,
  type CaptchaKind,
  type CaptchaProvider,
  type CaptchaProviders,
  type CaptchaResult,
  type CaptchaSession,
  type PuzzleAnswer,
  type PuzzleChallenge,
} from './lib/captcha.types';
export { requestCaptchaToken } from './lib/request-captcha-token';
export {
  SCRIPT_POLL,
  ScriptLoadError,
  ScriptNotReadyError,
  injectScript,
  loadScriptGlobal,
  pollFor,
} from './lib/script-loader';
export {
  createHCaptchaProvider,
  createRecaptchaProvider,
  createWidgetCaptchaProvider,
  type WidgetCaptchaApi,
  type WidgetCaptchaProviderOptions,
} from './lib/widget-captcha-provider';
export {
  createAltchaCaptchaProvider,
  createLocalPuzzleBackend,
  createPuzzleCaptchaProvider,
  type AltchaBackend,
  type LocalPuzzleBackend,
  type LocalPuzzleBackendOptions,
  type PuzzleBackend,
} from './lib/puzzle-captcha-provider';
export {
  altchaCalls,
  createServerAltchaBackend,
  createServerPuzzleBackend,
  puzzleCalls,
  type AltchaChallengeAnswer,
  type PuzzleChallengeAnswer,
  type PuzzleTokenAnswer,
} from './lib/server-puzzle-backend';
export { AltchaCheck, loadAltchaWidget, type AltchaCheckProps, type AltchaWidgetLoader } from './lib/altcha-check';
export { SliderPuzzle, type SliderPuzzleLabels, type SliderPuzzleProps } from './lib/slider-puzzle';
export { CaptchaDialog, type CaptchaDialogLabels, type CaptchaDialogProps } from './lib/captcha-dialog';
