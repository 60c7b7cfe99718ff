/**
 * Moves focus to the first invalid input inside a form (after a failed submit), so keyboard and screen-reader
 * users land on what needs fixing. Returns whether an invalid input was found.
 */
export function focusFirstError(form: HTMLElement | null): boolean {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return false;
  first.focus();
  return true;
}
