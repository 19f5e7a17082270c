/**
 * For tests: what a screen reader reads of an element — its text, with each image (a playing card)
 * read as its name. A card's drawn face repeats its rank and suit in the corners and pips.
 */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('[role="img"]').forEach((img) => img.replaceWith(`[${img.getAttribute('aria-label') ?? ''}]`));
  return copy.textContent ?? '';
}
