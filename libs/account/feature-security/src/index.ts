export { ChangePasswordForm } from './lib/change-password-form';
export { PhonePanel } from './lib/phone-panel';
export type { PhonePanelProps } from './lib/phone-panel';
export { SecureQuestionPanel } from './lib/secure-question-panel';
export { SecurityArea } from './lib/security-area';
export { SessionsPanel, describeUserAgent } from './lib/sessions-panel';
export { TwoFactorPanel } from './lib/two-factor-panel';
export type { TwoFactorPanelProps } from './lib/two-factor-panel';
export { securityErrorKey } from './lib/security-error-text';
