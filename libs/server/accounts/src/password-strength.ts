import {
  loadPasswordStrengthChecker,
  passwordUserInputs,
  validateNewPassword,
  WEAK_PASSWORD_MESSAGE_PREFIX,
} from '@tessera/account/util-validation';
import { ApiError } from '@tessera/server/api-errors';

/**
 * Why a new password is refused, as the `message` of its validation error, or undefined when it is acceptable:
 * shorter than 8 or longer than 128 characters, or scored below 3 by zxcvbn-ts against its dictionaries and the
 * person's and the site's own words (`userInputs`: login, e-mail, names, brand name and domain), with the estimator's
 * feedback (util-validation README, "Password strength, not composition"). The dictionaries load on first use (about a second, once per process).
 */
export async function newPasswordProblem(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): Promise<string | undefined> {
  const checker = await loadPasswordStrengthChecker();
  const { result, strength } = validateNewPassword(checker, password, passwordUserInputs(userInputs));
  if (result.valid) return undefined;
  if (result.key === 'password_min_length') return `must be at least ${String(result.params?.['min'])} characters`;
  if (result.key === 'password_max_length') return `must be at most ${String(result.params?.['max'])} characters`;
  return `${WEAK_PASSWORD_MESSAGE_PREFIX}: ${strength ? checker.describe(strength) : ''}`.trim();
}

/** Refuses a weak new password: 400 in the error shape, the estimator's feedback on `field`. */
export async function assertStrongPassword(
  password: string,
  field: string,
  userInputs: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const problem = await newPasswordProblem(password, userInputs);
  if (problem) throw new ApiError(400, 'Invalid request', { validation_errors: [{ field, message: problem }] });
}
