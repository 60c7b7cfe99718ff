import { ApiError } from '@tessera/server/api-errors';
import { updateUser, type UserRow } from './accounts.repository';
import { failSecret, guardSecret, securityEvent } from './account-guard';
import type { AccountsContext, AccountsRequest } from './context';
import { hashPassword, verifyPassword } from './passwords';
import { assertPlainText } from './plain-text';
import type { Authenticated } from './sessions';

/** The questions a player may choose (texts are English defaults; the site translates by key). */
export const SECURE_QUESTIONS = [
  { id: 1, key: 'secure_question_mother_maiden_name', text: "What is your mother's maiden name?" },
  { id: 2, key: 'secure_question_first_pet', text: 'What was the name of your first pet?' },
  { id: 3, key: 'secure_question_birth_city', text: 'In which city were you born?' },
  { id: 4, key: 'secure_question_first_school', text: 'What was the name of your first school?' },
  { id: 5, key: 'secure_question_favourite_team', text: 'What is your favourite sports team?' },
] as const;

/** Answers compare ignoring case, accents of spacing and surrounding spaces: people retype them months later. */
export function normaliseAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Hashes an answer like a password: it is one (it unlocks the phone change). */
export function hashAnswer(answer: string): Promise<string> {
  return hashPassword(normaliseAnswer(answer));
}

/** Checks an answer against its hash. */
export function verifyAnswer(stored: string, answer: string): Promise<boolean> {
  return verifyPassword(stored, normaliseAnswer(answer));
}

/** The account's secure question as text (a chosen one by its key, a custom one as written), or null. */
export function secureQuestionText(user: UserRow): string | null {
  if (!user.secure_question) return null;
  if (user.secure_question_custom) return user.secure_question;
  return SECURE_QUESTIONS.find((q) => q.key === user.secure_question)?.text ?? null;
}

/** Checks the secure answer (when the account has one), with the lockout. */
export async function checkSecureAnswer(
  ctx: AccountsContext,
  user: UserRow,
  answer: string | undefined,
): Promise<void> {
  if (!user.secure_answer_hash) return;
  const key = await guardSecret(ctx, user, 'answer');
  if (answer === undefined || !(await verifyAnswer(user.secure_answer_hash, answer))) {
    await failSecret(ctx, user, key);
    throw new ApiError(422, 'Wrong answer', {
      validation_errors: [{ field: 'user_answer', message: 'does not match your answer' }],
    });
  }
}

/** The question of a chosen-question body, or 400. */
export function chosenQuestion(questionId: number): { key: string; custom: false } {
  const question = SECURE_QUESTIONS.find((q) => q.id === questionId);
  if (!question)
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'question_id', message: 'is not one of the questions' }],
    });
  return { key: question.key, custom: false };
}

/**
 * Sets the secure question and its answer. Replacing an answer would bypass the phone change's check, so it needs the
 * password; a password that is sent is checked even for a first answer: a wrong one is refused, never ignored.
 */
export async function setSecureAnswer(
  ctx: AccountsContext,
  request: AccountsRequest,
  auth: Authenticated,
  question: { key: string; custom: boolean },
  body: { answer: string; answer_repeat: string; password?: string },
): Promise<{ message: string }> {
  // The answer is hashed, but a custom question is stored and shown again: both are free text a person types.
  assertPlainText({
    ...(question.custom ? { question: question.key } : {}),
    answer: body.answer,
    answer_repeat: body.answer_repeat,
  });
  if (body.answer.trim() !== body.answer_repeat.trim())
    throw new ApiError(400, 'Invalid request', {
      validation_errors: [{ field: 'answer_repeat', message: 'does not match the answer' }],
    });
  if (auth.user.secure_answer_hash || body.password !== undefined) {
    const key = await guardSecret(ctx, auth.user, 'password-change');
    if (body.password === undefined || !(await verifyPassword(auth.user.password_hash, body.password))) {
      await failSecret(ctx, auth.user, key);
      throw new ApiError(403, 'Enter your current password to change the secure question', {
        validation_errors: [{ field: 'password', message: 'is not your current password' }],
      });
    }
  }
  await updateUser(
    ctx.db,
    auth.user.id,
    {
      secure_question: question.key,
      secure_question_custom: question.custom,
      secure_answer_hash: await hashAnswer(body.answer),
    },
    ctx.clock(),
  );
  await securityEvent(ctx, request, auth, 'secure_question_set', { custom: question.custom });
  return { message: 'The secure question was saved' };
}
