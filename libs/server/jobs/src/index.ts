export type {
  EnqueueOptions,
  JobContext,
  JobHandler,
  JobKindOptions,
  JobLogger,
  JobQueue,
  JobRecord,
} from './job-queue';
export {
  createJobQueue,
  isJobQueueTable,
  JobExpiredError,
  JobQueueStoppingError,
  type PgJobQueueOptions,
} from './pg-boss-queue';
