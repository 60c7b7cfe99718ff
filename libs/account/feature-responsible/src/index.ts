export { ResponsiblePage, responsibleKeys } from './lib/responsible-page';
export { RealityCheck, type RealityCheckProps } from './lib/reality-check';
export {
  msUntilDue,
  REALITY_POLL_MS,
  realityCheckMachine,
  type RealityCheckContext,
  type RealityCheckEvent,
} from './lib/reality-check.machine';
export { SessionStatus, SESSION_STATUS_REFRESH_MS } from './lib/session-status';
export { ResponsibleGamingInfo } from './lib/responsible-gaming-info';
export { useResponsibleFormat } from './lib/use-responsible-format';
export {
  refusalDetails,
  responsibleApi,
  type LimitItem,
  type PlaySession,
  type RefusalDetails,
  type ResponsibleOverview,
} from './lib/responsible.api';
export { explainResponsibleRefusal, RefusalNote, type RefusalNoteProps } from './lib/refusal-note';
