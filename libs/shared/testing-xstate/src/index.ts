export { findUntakenTransitions } from './lib/transition-coverage';
