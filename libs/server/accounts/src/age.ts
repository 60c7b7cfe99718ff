import { ApiError } from '@tessera/server/api-errors';

/**
 * How a new account's minimum age was established, kept in its registration security event (libs/server/accounts README, "Every registration states the minimum age"): a birth date
 * that passed `registration.minAge`, or the player's explicit confirmation, with the moment it was given.
 */
export interface AgeEvidence {
  method: 'birth_date' | 'confirmation';
  /** The minimum age in force for the brand and country at that moment. */
  minAge: number;
  /** ISO time the birth date was checked or the confirmation was given (for social sign-up: at its start). */
  at: string;
}

/** 422 in the spec's error shape: neither a birth date nor the age confirmation came with the registration. */
export function ageConfirmationMissing(minAge: number): ApiError {
  return new ApiError(422, `Confirm that you are at least ${minAge} years old`, {
    validation_errors: [{ field: 'age_confirmed', message: 'required' }],
  });
}
