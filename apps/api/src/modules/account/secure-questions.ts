import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../auth/passwords';

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
  return hash(normaliseAnswer(answer), ARGON2_OPTIONS);
}

/** Checks an answer against its hash. */
export function verifyAnswer(stored: string, answer: string): Promise<boolean> {
  return verify(stored, normaliseAnswer(answer)).catch(() => false);
}
