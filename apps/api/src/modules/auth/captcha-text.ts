import { randomInt } from 'node:crypto';
import type { ServerSecrets } from './secrets';

/** How a language asks: the words for one to ten and the two questions. */
interface QuestionWords {
  numbers: readonly string[];
  plus: (a: string, b: string) => string;
  minus: (a: string, b: string) => string;
}

/**
 * The text question in each language the platform translates (ADR 0176). Numbers are words, so the question reads
 * aloud naturally and is not a plain sum for a pattern match; the answer is typed as digits.
 */
export const TEXT_QUESTION_WORDS: Readonly<Record<string, QuestionWords>> = {
  en: {
    numbers: ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
    plus: (a, b) => `What is ${a} plus ${b}?`,
    minus: (a, b) => `What is ${a} minus ${b}?`,
  },
  de: {
    numbers: ['eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn'],
    plus: (a, b) => `Wie viel ist ${a} plus ${b}?`,
    minus: (a, b) => `Wie viel ist ${a} minus ${b}?`,
  },
  ru: {
    numbers: ['один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять', 'десять'],
    plus: (a, b) => `Сколько будет ${a} плюс ${b}?`,
    minus: (a, b) => `Сколько будет ${a} минус ${b}?`,
  },
  ar: {
    numbers: ['واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة'],
    plus: (a, b) => `كم يساوي ${a} زائد ${b}؟`,
    minus: (a, b) => `كم يساوي ${a} ناقص ${b}؟`,
  },
  fa: {
    numbers: ['یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه', 'ده'],
    plus: (a, b) => `${a} به‌علاوه ${b} چند می‌شود؟`,
    minus: (a, b) => `${a} منهای ${b} چند می‌شود؟`,
  },
};

/** A question and its answer: a sum or a difference of two numbers from one to ten, never below one. */
export function makeTextQuestion(lng: string, random: (min: number, max: number) => number = randomInt): { lng: string; question: string; answer: number } {
  const language = TEXT_QUESTION_WORDS[lng] ? lng : 'en';
  const words = TEXT_QUESTION_WORDS[language] as QuestionWords;
  const word = (n: number) => words.numbers[n - 1] as string;
  if (random(0, 2) === 0) {
    const a = random(1, 11);
    const b = random(1, 11);
    return { lng: language, question: words.plus(word(a), word(b)), answer: a + b };
  }
  const a = random(2, 11);
  const b = random(1, a);
  return { lng: language, question: words.minus(word(a), word(b)), answer: a - b };
}

/** Digits as typed: Western, Arabic-Indic (٠–٩) or Persian (۰–۹), spaces around ignored; anything else is no number. */
export function normalizeTextAnswer(raw: string): string | null {
  const digits = raw.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  return /^\d{1,3}$/.test(digits) ? String(Number(digits)) : null;
}

/** The stored form of an answer: keyed by the server key and the challenge, so a leaked table reveals no answers. */
export function textAnswerHash(secrets: ServerSecrets, idHash: string, answer: string): string {
  return secrets.keyedHash('captcha-text', idHash, answer);
}
