/** The digits of what a person typed as a card number (spaces, dashes and anything else dropped), at most 19. */
export function cardDigits(typed: string): string {
  return typed.replace(/\D+/g, '').slice(0, 19);
}

/**
 * A card number grouped as printed on the card, for reading back while typing: American Express (34, 37) as 4-6-5,
 * every other scheme in fours ("4242 4242 4242 4242"; 19 digits end in a group of three).
 */
export function groupCardNumber(typed: string): string {
  const digits = cardDigits(typed);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return (digits.match(/.{1,4}/g) ?? []).join(' ');
}
