export { OfficeNav } from './lib/office-nav';
export { OfficeOverview } from './lib/office-overview';
