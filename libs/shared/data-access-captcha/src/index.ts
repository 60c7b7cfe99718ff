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
  isTextChallenge,
  normalizeCaptchaKind,
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
  type TextAnswer,
  type TextChallenge,
} from './lib/captcha.types';
export { requestCaptchaToken } from './lib/request-captcha-token';
export { SCRIPT_POLL, ScriptNotReadyError, injectScript, pollFor } from './lib/script-loader';
export {
  createHCaptchaProvider,
  createRecaptchaProvider,
  createWidgetCaptchaProvider,
  type WidgetCaptchaApi,
  type WidgetCaptchaProviderOptions,
} from './lib/widget-captcha-provider';
export {
  createLocalPuzzleBackend,
  createPuzzleCaptchaProvider,
  type LocalPuzzleBackend,
  type LocalPuzzleBackendOptions,
  type PuzzleBackend,
} from './lib/puzzle-captcha-provider';
export {
  createServerPuzzleBackend,
  puzzleCalls,
  type PuzzleChallengeAnswer,
  type PuzzleTokenAnswer,
  type TextChallengeAnswer,
} from './lib/server-puzzle-backend';
export { TextQuestion, type TextQuestionLabels, type TextQuestionProps } from './lib/text-question';
export { SliderPuzzle, type SliderPuzzleLabels, type SliderPuzzleProps } from './lib/slider-puzzle';
export { CaptchaDialog, type CaptchaDialogLabels, type CaptchaDialogProps } from './lib/captcha-dialog';
