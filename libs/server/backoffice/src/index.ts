export {
  appendAudit,
  appendAuditIn,
  AUDIT_EXPORT_LIMIT,
  AUDIT_PAGE_SIZE,
  type AuditInput,
  type AuditIssue,
  type AuditVerification,
  canonicalJson,
  csvCell,
  exportAuditCsv,
  GENESIS_HASH,
  searchAudit,
  verifyAuditChain,
} from './audit';
export { brandsOverview } from './brands';
export {
  consolePage,
  consolePolicy,
  DEFAULT_OPERATOR_HOSTS,
  isOperatorHost,
  operatorHosts,
  readConsoleShell,
} from './console-site';
export {
  type Actor,
  type BackofficeContext,
  type BackofficeLogger,
  inScope,
  type OperatorRecord,
  type RequestOrigin,
} from './context';
export {
  HALF_SESSION_MS,
  OPERATOR_COOKIE,
  OPERATOR_IDLE_MS,
  OPERATOR_SESSION_LIFETIME_MS,
  type OperatorSession,
  sessionOf,
} from './operator-sessions';
export { createOperator, type Creator, findOperatorByEmail, listOperators } from './operators';
export {
  adjustmentFourEyesAbove,
  adjustPlayerBalance,
  decideAdjustment,
  DEFAULT_ADJUSTMENT_FOUR_EYES_ABOVE,
  pendingAdjustments,
} from './adjustments';
export { lookupDeposits } from './deposits';
export {
  ADJUSTMENT_DECISION_LIMITS,
  hasPermission,
  isRole,
  PERMISSION_MATRIX,
  permissionsOf,
  ROLES,
  WITHDRAWAL_DECISION_LIMITS,
} from './permissions';
export { BACKOFFICE_ROUTES, type BackofficeRoute, type HttpCall, type RouteAnswer, runBackofficeRoute } from './routes';
export { type DocumentFile } from './verification-desk';
export { DEFAULT_FOUR_EYES_ABOVE, fourEyesAbove } from './withdrawals';
// The console layer of the site configuration (ADR 0310; README, "Live configuration").
export { createConfigConsole, type ConfigConsole } from './config/config-context';
export {
  approveConsoleDraft,
  CONFIG_CHANNEL,
  type ConfigContext,
  consoleBrand,
  consoleHistory,
  createConfigDelivery,
  createConsoleDraft,
  publishConsoleDraft,
  restoreConsoleVersion,
  type ConfigDelivery,
  type ConfigDeliveryOptions,
  DEFAULT_FOUR_EYES_SECTIONS,
} from './config/config-console';
export { checkConsoleLayers, previewChange, type ConsoleLayers, type ConsoleRegistry } from './config/config-checks';
export { CONFIG_OWNERSHIP, ownsConfig, type ConfigOwnership } from './permissions';
