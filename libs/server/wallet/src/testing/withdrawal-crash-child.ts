// A stand-in for the API process in withdrawal-crash.test.ts: requests a withdrawal through the real service over
// PostgreSQL and stops where CRASH_POINT says, says "ready" and waits to be killed (SIGKILL: no cleanup).
//   before-send:   the withdrawal is reserved, approved and marked sent; the provider is being asked (never answers).
//   before-settle: the provider paid and its signed callback arrived; the platform is re-reading the payout.
import type { ResolvedBrand } from '@tessera/server/brand-registry';
import { createPostgresDatabase } from '@tessera/server/db';
import { createSandboxPaymentProvider, type PaymentProvider } from '@tessera/server/payments';
import { createWithdrawals, type Withdrawals } from '../withdrawals.service';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const point = env('CRASH_POINT');
const db = await createPostgresDatabase({
  connectionString: env('CRASH_DATABASE_URL'),
  schema: env('CRASH_SCHEMA'),
  maxConnections: 2,
});
const hang = (): Promise<never> => {
  process.stdout.write('ready\n');
  return new Promise<never>(() => setInterval(() => undefined, 60_000));
};
const service: { withdrawals?: Withdrawals } = {};
const sandbox = createSandboxPaymentProvider({
  database: db,
  callbackSecret: env('CRASH_CALLBACK_SECRET'),
  confirmDelayMs: 0,
  deliver: async () => undefined,
  deliverPayout: async (callback) => {
    await service.withdrawals?.handleCallback(callback.body, callback.signature);
  },
});
const provider: PaymentProvider = {
  ...sandbox,
  createPayout: point === 'before-send' ? hang : (request) => sandbox.createPayout(request),
  // Re-reading the payout is the callback handler's step between receipt and settlement.
  getPayout: point === 'before-settle' ? hang : (reference) => sandbox.getPayout(reference),
};
service.withdrawals = createWithdrawals({ db, provider, clock: () => new Date() });
const config = {
  office: { pages: { withdraw: { enabled: true } } },
  cashier: { withdrawals: { autoApproveMax: { EUR: 1000 }, minAmount: {}, playerMayCancel: true } },
} as unknown as ResolvedBrand['config'];
await service.withdrawals.request(
  { bettor: { brandId: 'crash', userId: env('CRASH_USER_ID'), currency: 'EUR' }, config },
  { amount: 40, requestId: env('CRASH_REQUEST_ID'), methodReference: env('CRASH_DEPOSIT_REF') },
);
// before-settle: the sandbox decides on its timer and calls back, which hangs in getPayout.
setInterval(() => undefined, 60_000);
